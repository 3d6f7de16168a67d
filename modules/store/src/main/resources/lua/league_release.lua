-- Records that the held scores of a league after a period were replayed up to a position, and ends
-- the holding once all were: from then on scores go to their tier boards at once (league_hold.lua
-- answers SETTLED). Called only after the period's moves are applied, after each chunk replayed.
--
-- The contract with the Java side (HeldScoreStore), checked by LuaContractTest:
-- KEYS[1] held: the scores held after the period (list)
-- KEYS[2] ids: the event IDs of the held scores (set)
-- KEYS[3] holding: the league's periods with scores held after them (set)
-- KEYS[4] counts: per user, their held scores not yet replayed (hash; field '' is the replay's position)
-- ARGV[1] period: the period whose moves were applied
-- ARGV[2] replayed: the position replayed up to (the held scores before it were sent)
-- ARGV[3..] users: the user of each score the chunk replayed (one value per score)
--
-- Returns a status:
-- status RELEASED = 1: every held score was replayed; the holding ended
-- status MORE_HELD = 0: more scores are held (the position is recorded)
local held, ids, holding, counts = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local period, replayed = ARGV[1], tonumber(ARGV[2])
for i = 3, #ARGV do
  if redis.call('HINCRBY', counts, ARGV[i], -1) <= 0 then
    redis.call('HDEL', counts, ARGV[i])
  end
end
redis.call('HSET', counts, '', replayed)
if redis.call('LLEN', held) > replayed then
  return 0
end
redis.call('DEL', held, ids, counts)
redis.call('SREM', holding, period)
return 1
