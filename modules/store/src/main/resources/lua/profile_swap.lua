-- Replaces a profile if it is still the one the caller read (a PATCH is read, merged, then swapped).
--
-- The contract with the Java side (ProfileStore), checked by LuaContractTest:
-- KEYS[1] profile
-- ARGV[1] expected: the profile read ('' when there was none)
-- ARGV[2] next: the profile to store ('' to remove it)
--
-- status SWAPPED = 1: stored
-- status CHANGED = 0: the profile changed since it was read; nothing stored
local profile = KEYS[1]
local expected = ARGV[1]
local next = ARGV[2]
local current = redis.call('GET', profile)
if (current or '') ~= expected then
  return 0
end
if next == '' then
  redis.call('DEL', profile)
else
  redis.call('SET', profile, next)
end
return 1
