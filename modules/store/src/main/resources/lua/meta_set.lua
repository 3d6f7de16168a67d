-- Replaces one user's entry metadata, atomically, on the user's partition (PATCH of a user).
--
-- KEYS[1]  sorted set of the partition (user ID -> composite)
-- KEYS[2]  hash: user ID -> metadata (JSON object text)
-- KEYS[3]  present when the period is closed: nothing may change any more
-- ARGV     userId, meta (JSON text)
--
-- Returns {1, composite} = stored (the entry's composite, which it leaves as it was),
--         {0, ''} = the user has no entry in the period (nothing stored),
--         {-3, ''} = the period is closed (nothing stored).
if redis.call('EXISTS', KEYS[3]) == 1 then
  return {-3, ''}
end
local c = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not c then
  return {0, ''}
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return {1, c}
