-- Adds members to one user's friend set without letting it grow beyond the friend limit, atomically
-- (SCARD then SADD from two clients could both pass the check).
--
-- KEYS[1]  the user's friend set
-- ARGV[1]  the limit; ARGV[2..] the members to add, in order
--
-- Returns, for each member: 1 = added, 0 = already there (accepted even when the set is full),
-- -1 = refused because the set already holds `limit` members.
local limit = tonumber(ARGV[1])
local n = redis.call('SCARD', KEYS[1])
local out = {}
for i = 2, #ARGV do
  local m = ARGV[i]
  if redis.call('SISMEMBER', KEYS[1], m) == 1 then
    out[#out + 1] = 0
  elseif n >= limit then
    out[#out + 1] = -1
  else
    redis.call('SADD', KEYS[1], m)
    n = n + 1
    out[#out + 1] = 1
  end
end
return out
