-- Joins users to a league's lowest tier unless they are banned, atomically with the ban record: an
-- erasure (which stores its ban first and removes memberships after) cannot be undone by a join that
-- raced it on a node that had not heard of the ban yet.
--
-- The contract with the Java side (LeagueStore), checked by LuaContractTest:
-- KEYS[1] members: the league's member hash, user -> tier
-- KEYS[2] bans: the bans hash, user -> ban
-- ARGV[1] tier: the tier a new member joins
-- ARGV[2..] users: the users to join, in order
--
-- Returns, for each user, their tier after the join; nil for a banned user who is not a member.
local members, bans = KEYS[1], KEYS[2]
local tier = ARGV[1]
local out = {}
for i = 2, #ARGV do
  local u = ARGV[i]
  if redis.call('HEXISTS', bans, u) == 0 then
    redis.call('HSETNX', members, u, tier)
  end
  out[#out + 1] = redis.call('HGET', members, u)
end
return out
