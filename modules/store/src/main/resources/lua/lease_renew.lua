-- Extends a close lease if the caller still holds it.
--
-- KEYS[1]  the lease
-- ARGV[1]  the caller's owner ID; ARGV[2] the new time to live in ms
--
-- Returns 1 when extended, 0 when the lease is gone or held by another owner.
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
