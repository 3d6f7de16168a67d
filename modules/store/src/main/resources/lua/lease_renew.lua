-- Extends a close lease if the caller still holds it.
--
-- The contract with the Java side (Leases), checked by LuaContractTest:
-- KEYS[1] lease
-- ARGV[1] owner: the caller's owner ID
-- ARGV[2] ttl: the new time to live in ms
--
-- status HELD = 1: extended
-- status NOT_HELD = 0: the lease is gone or held by another owner
local lease = KEYS[1]
local owner, ttl = ARGV[1], ARGV[2]
if redis.call('GET', lease) == owner then
  redis.call('PEXPIRE', lease, ttl)
  return 1
end
return 0
