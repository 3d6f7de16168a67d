-- Joins one user to a board period's participants, atomically, on the period's home route
-- (Keys.participation): the size limit and the cohort placement are decided here, once.
--
-- The contract with the Java side (ParticipationStore), checked by LuaContractTest:
-- KEYS[1] joined: hash: user ID -> "joinedAtMillis:cohort" (cohort 0 on a board without cohorts)
-- KEYS[2] order: list of "user ID \n joinedAtMillis:cohort", in join order
-- KEYS[3] openCohorts: hash: cohortBy value ('' without cohortBy) -> the cohort being filled for it
-- KEYS[4] cohortCounts: hash: cohort -> members placed in it; field 'next' -> the last cohort ID drawn
-- KEYS[5] cohortMembers: sorted set: user ID -> cohort * 16384 + place in the cohort (from 0)
-- KEYS[6] closed: present once the period is closed: nobody joins any more
-- KEYS[7] live: present while the board lives (written when a node records the period)
-- KEYS[8] barred: set of the users an erasure took out of the period: they never join it again
-- ARGV[1] user: the user ID
-- ARGV[2] now: ms
-- ARGV[3] maxSize: 0 = no limit
-- ARGV[4] cohortSize: 0 = no cohorts
-- ARGV[5] cohortValue: the user's cohortBy attribute ('' when the board has no cohortBy or the user none)
--
-- Returns {status, "joinedAtMillis:cohort"} ('' when the user is not a participant).
-- status JOINED = 1: the user joined now
-- status ALREADY = 0: the user had joined before (the value is the first join's)
-- status FULL = -1: the period holds maxSize participants (nothing changed)
-- status CLOSED = -3: the period is closed (nothing changed)
-- status BOARD_GONE = -7: the board was deleted, or the period not recorded (nothing written)
-- status BARRED = -8: an erasure took the user out of the period (nothing written)
local joined, order, openCohorts, cohortCounts, cohortMembers, closed, live, barred =
  KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], KEYS[8]
local user = ARGV[1]
local now = ARGV[2]
local maxSize = tonumber(ARGV[3])
local cohortSize = tonumber(ARGV[4])
local cohortValue = ARGV[5]

local PLACES = 16384
if redis.call('EXISTS', live) == 0 then
  return {-7, ''}
end
if redis.call('SISMEMBER', barred, user) == 1 then
  return {-8, ''}
end
local before = redis.call('HGET', joined, user)
if before then
  return {0, before}
end
if redis.call('EXISTS', closed) == 1 then
  return {-3, ''}
end
if maxSize > 0 and redis.call('HLEN', joined) >= maxSize then
  return {-1, ''}
end

local cohort = 0
if cohortSize > 0 then
  cohort = tonumber(redis.call('HGET', openCohorts, cohortValue) or '0')
  local filled = cohort > 0 and tonumber(redis.call('HGET', cohortCounts, cohort) or '0') or cohortSize
  if filled >= cohortSize then
    cohort = redis.call('HINCRBY', cohortCounts, 'next', 1)
    redis.call('HSET', openCohorts, cohortValue, cohort)
    filled = 0
  end
  redis.call('HSET', cohortCounts, cohort, filled + 1)
  redis.call('ZADD', cohortMembers, string.format('%.0f', cohort * PLACES + filled), user)
end

local value = now .. ':' .. cohort
redis.call('HSET', joined, user, value)
redis.call('RPUSH', order, user .. '\n' .. value)
return {1, value}
