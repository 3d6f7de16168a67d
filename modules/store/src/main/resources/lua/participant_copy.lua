-- Writes a participant's copy on their score partition (after join.lua seated them at the period's
-- home), unless the partition marks the user banned: an erasure marks its partitions before it takes
-- the user's seats away, so a join that raced it cannot leave a copy behind.
--
-- The contract with the Java side (ParticipationStore), checked by LuaContractTest:
-- KEYS[1] participants: hash of the partition's participants: user ID -> "joinedAtMillis:cohort"
-- KEYS[2] banned: set of the partition's banned users
-- ARGV[1] user: the user ID
-- ARGV[2] value: "joinedAtMillis:cohort"
--
-- Returns a status:
-- status COPIED = 1: the copy is written
-- status MARKED = 0: the user is marked banned on the partition (nothing written)
local participants, banned = KEYS[1], KEYS[2]
local user, value = ARGV[1], ARGV[2]
if redis.call('SISMEMBER', banned, user) == 1 then
  return 0
end
redis.call('HSET', participants, user, value)
return 1
