-- Holds a league's scores of a new period while the previous period's moves are not applied yet, so
-- each lands in the tier the close gives its member, once, and in the order the member's scores
-- arrived. Once the moves are applied, a score is still held while its user has held scores not yet
-- replayed (it goes after them); any other goes to its tier board at once, so the replay is never
-- outrun by new scores. Once the period is applied and nothing is held, nothing is ever held for it again.
--
-- The contract with the Java side (HeldScoreStore), checked by LuaContractTest:
-- KEYS[1] applied: the league's periods whose moves are applied (set)
-- KEYS[2] held: the scores held after the period, event JSON in arrival order (list)
-- KEYS[3] ids: the event IDs of the held scores (set)
-- KEYS[4] holding: the league's periods with scores held after them (set)
-- KEYS[5] members: the league's member hash, user -> tier
-- KEYS[6] bans: the bans hash, user -> ban
-- KEYS[7] counts: per user, their held scores not yet replayed (hash; field '' is the replay's position)
-- ARGV[1] period: the previous period, whose moves the scores wait for
-- ARGV[2] autoJoin: 1 when a non-member's score makes them a member
-- ARGV[3..] events: for each score its user, event ID and event JSON, three values each
--
-- Returns SETTLED when the period is applied and nothing is held (nothing written); else a status
-- for each score, in order:
-- status SETTLED = 0: (the whole answer) send the scores to their tier boards
-- status HELD = 1: held now
-- status HELD_BEFORE = 2: its event ID is held already (nothing changed)
-- status BANNED = 3: the user is banned (nothing changed)
-- status NOT_A_MEMBER = 4: the user is no member and the league has no autoJoin (nothing changed)
-- status SEND_NOW = 5: the moves are applied and the user has nothing held: send it to its tier board
local applied, held, ids, holding, members, bans, counts = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6],
  KEYS[7]
local period, autoJoin = ARGV[1], ARGV[2] == '1'
local isApplied = redis.call('SISMEMBER', applied, period) == 1
if isApplied and redis.call('EXISTS', held) == 0 then
  return 0
end
local out = {}
for i = 3, #ARGV, 3 do
  local user, id, event = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  local status
  if redis.call('HEXISTS', bans, user) == 1 then
    status = 3
  elseif not autoJoin and redis.call('HEXISTS', members, user) == 0 then
    status = 4
  elseif redis.call('SISMEMBER', ids, id) == 1 then
    status = 2
  elseif isApplied and redis.call('HEXISTS', counts, user) == 0 then
    status = 5
  else
    redis.call('SADD', ids, id)
    redis.call('RPUSH', held, event)
    redis.call('HINCRBY', counts, user, 1)
    redis.call('SADD', holding, period)
    status = 1
  end
  out[#out + 1] = status
end
return out
