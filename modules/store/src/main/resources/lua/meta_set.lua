-- Replaces one user's entry metadata, atomically, on the user's partition (PATCH of a user).
--
-- The contract with the Java side (MetaStore), checked by LuaContractTest:
-- KEYS[1] scores: sorted set of the partition (user ID -> composite)
-- KEYS[2] metas: hash: user ID -> metadata (JSON object text)
-- KEYS[3] closed: present when the period is closed: nothing may change any more
-- KEYS[4] users: wide layout: the user's bucket of the user map (user ID -> tie .. score)
-- ARGV[1] user: the user ID
-- ARGV[2] meta: JSON text
-- ARGV[3] wide: 1|0
--
-- Returns {status, entry}:
-- status STORED = 1: stored; entry = the entry as stored, which it leaves as it was (the composite,
--        or tie .. score on the wide layout)
-- status NO_ENTRY = 0: the user has no entry in the period (nothing stored), entry ''
-- status CLOSED = -3: the period is closed (nothing stored), entry ''
local scores, metas, closed, users = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local user, meta, wide = ARGV[1], ARGV[2], ARGV[3] == '1'
if redis.call('EXISTS', closed) == 1 then
  return {-3, ''}
end
local c
if wide then
  c = redis.call('HGET', users, user)
else
  c = redis.call('ZSCORE', scores, user)
end
if not c then
  return {0, ''}
end
redis.call('HSET', metas, user, meta)
return {1, c}
