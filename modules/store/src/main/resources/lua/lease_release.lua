-- Gives a close lease back if the caller still holds it.
--
-- KEYS[1]  the lease
-- ARGV[1]  the caller's owner ID
--
-- Returns 1 when released, 0 when the lease is gone or held by another owner.
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
