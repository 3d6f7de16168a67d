-- Gives a close lease back if the caller still holds it.
--
-- The contract with the Java side (Leases), checked by LuaContractTest:
-- KEYS[1] lease
-- ARGV[1] owner: the caller's owner ID
--
-- status HELD = 1: released
-- status NOT_HELD = 0: the lease is gone or held by another owner
local lease = KEYS[1]
local owner = ARGV[1]
if redis.call('GET', lease) == owner then
  redis.call('DEL', lease)
  return 1
end
return 0
