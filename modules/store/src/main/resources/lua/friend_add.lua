-- Adds members to one user's friend set without letting it grow beyond the friend limit, atomically
-- (SCARD then SADD from two clients could both pass the check).
--
-- The contract with the Java side (FriendStore), checked by LuaContractTest:
-- KEYS[1] friends: the user's friend set
-- ARGV[1] limit
-- ARGV[2..] members: the members to add, in order
--
-- Returns, for each member, a status:
-- status ADDED = 1: added
-- status PRESENT = 0: already there (accepted even when the set is full)
-- status FULL = -1: refused because the set already holds `limit` members
local friends = KEYS[1]
local limit = tonumber(ARGV[1])
local n = redis.call('SCARD', friends)
local out = {}
for i = 2, #ARGV do
  local m = ARGV[i]
  local status
  if redis.call('SISMEMBER', friends, m) == 1 then
    status = 0
  elseif n >= limit then
    status = -1
  else
    redis.call('SADD', friends, m)
    n = n + 1
    status = 1
  end
  out[#out + 1] = status
end
return out
