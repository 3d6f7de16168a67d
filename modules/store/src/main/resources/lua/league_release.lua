-- Ends the holding of a league's scores after a period once every held score was replayed to its
-- tier board: from then on scores go to their tier boards at once (league_hold.lua answers 0). Called
-- only after the period's moves are applied; a score held meanwhile keeps the holding on.
--
-- The contract with the Java side (LeagueStore), checked by LuaContractTest:
-- KEYS[1] held: the scores held after the period (list)
-- KEYS[2] ids: the event IDs of the held scores (set)
-- KEYS[3] holding: the league's periods with scores held after them (set)
-- ARGV[1] period: the period whose moves were applied
-- ARGV[2] replayed: how many held scores were replayed, from the first
--
-- Returns a status:
-- status RELEASED = 1: those were all of them; the holding ended
-- status MORE_HELD = 0: more scores are held (nothing changed)
local held, ids, holding = KEYS[1], KEYS[2], KEYS[3]
local period, replayed = ARGV[1], tonumber(ARGV[2])
if redis.call('LLEN', held) > replayed then
  return 0
end
redis.call('DEL', held, ids)
redis.call('SREM', holding, period)
return 1
