-- Replaces one user's entry metadata, atomically, on the user's partition (PATCH of a user).
--
-- KEYS[1]  sorted set of the partition (user ID -> composite)
-- KEYS[2]  hash: user ID -> metadata (JSON object text)
-- KEYS[3]  present when the period is closed: nothing may change any more
-- KEYS[4]  wide layout: the user's bucket of the user map (user ID -> tie .. score)
-- ARGV     userId, meta (JSON text), wide (1|0)
--
-- Returns {1, entry} = stored (the entry as stored, which it leaves as it was: the composite, or
--                      tie .. score on the wide layout),
--         {0, ''} = the user has no entry in the period (nothing stored),
--         {-3, ''} = the period is closed (nothing stored).
if redis.call('EXISTS', KEYS[3]) == 1 then
  return {-3, ''}
end
local c
if ARGV[3] == '1' then
  c = redis.call('HGET', KEYS[4], ARGV[1])
else
  c = redis.call('ZSCORE', KEYS[1], ARGV[1])
end
if not c then
  return {0, ''}
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return {1, c}
