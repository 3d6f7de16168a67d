-- A user's seat in a board period and the members of their cohort, in one read-only call on the
-- period's home: a cohort rank reads the cohort in the round that finds the seat.
--
-- The contract with the Java side (ParticipationStore), checked by LuaContractTest:
-- KEYS[1] joined: hash of the period's participants: user ID -> "joinedAtMillis:cohort"
-- KEYS[2] cohortMembers: sorted set: user ID -> cohort * places + place in the cohort (from 0)
-- ARGV[1] user: the user ID
-- ARGV[2] places: the places of one cohort's score range
--
-- Returns {} when the user has not joined; else {seat, member, member, ...}: the seat's value, then
-- the members of its cohort in their order of placement (none for cohort 0, a board without cohorts).
local joined, cohortMembers = KEYS[1], KEYS[2]
local user, places = ARGV[1], tonumber(ARGV[2])
local seat = redis.call('HGET', joined, user)
if not seat then
  return {}
end
local cohort = tonumber(string.match(seat, ':(%d+)$'))
if cohort == 0 then
  return {seat}
end
local out = redis.call('ZRANGEBYSCORE', cohortMembers, cohort * places, cohort * places + places - 1)
table.insert(out, 1, seat)
return out
