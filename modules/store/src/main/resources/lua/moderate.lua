-- Moderates one user on one partition of a board period, atomically, keeping the dense index.
--
-- KEYS[1]  sorted set of the partition: member = user ID, score = composite
-- KEYS[2]  sorted set of the distinct scores in the partition (dense ranks)
-- KEYS[3]  hash: score -> number of members holding it
-- KEYS[4]  present when the period is closed (frozen for its final ranking)
-- KEYS[5]  set of the partition's banned users (the submit script refuses their events)
-- KEYS[6]  hash of the partition's stash: banned user ID -> the entry the user held, as stored
--          (the composite, or tie .. score on the wide layout)
-- KEYS[7]  hash: user ID -> the entry's metadata (removed with the entry by 'remove' and 'erase')
-- KEYS[8]  wide layout: the user's bucket of the user map (user ID -> tie .. score)
-- ARGV     op, userId, scale (2^timeBits; 1 on the wide layout), dense (1|0: keep the index of KEYS[2]
--          and KEYS[3]), wide (1|0)
-- Entries are answered as stored: the composite, or tie .. score on the wide layout.
--
-- op 'ban'    marks the user banned and moves the entry, if any, into the stash.
--             Returns {1 moved | 0 nothing to move, composite or ''}.
-- op 'lift'   unmarks the user and moves the stashed entry back, unless the period is closed (then
--             the stash is dropped) or the user holds an entry (it stands).
--             Returns {1 restored | 0 nothing restored, composite or ''}.
-- op 'remove' removes the entry (or the stashed one) unless the period is closed.
--             Returns {1 removed | 2 removed from the stash | 0 absent | -3 closed, composite or ''}.
-- op 'erase'  marks the user banned (so no racing event lands while the erasure runs) and removes
--             the entry and the stashed one, closed or not. Returns {1 removed | 0 absent, composite or ''}.
-- op 'unmark' unmarks the user. Returns {1, ''}.
-- Every op is idempotent: running it again changes nothing more.
local op, user = ARGV[1], ARGV[2]
local scale = tonumber(ARGV[3])
local dense = ARGV[4] == '1'
local wide = ARGV[5] == '1'

-- a stored entry's Redis score and member
local function place(c)
  if wide then
    local cut = string.find(c, '|', 1, true)
    return string.sub(c, cut + 1), string.sub(c, 1, cut) .. user
  end
  return c, user
end

local function count(composite, by)
  if not dense then
    return
  end
  local s = string.format('%.0f', math.floor(tonumber((place(composite))) / scale))
  local n = redis.call('HINCRBY', KEYS[3], s, by)
  if by < 0 and n <= 0 then
    redis.call('HDEL', KEYS[3], s)
    redis.call('ZREM', KEYS[2], s)
  elseif by > 0 and n == 1 then
    redis.call('ZADD', KEYS[2], s, s)
  end
end

-- the user's entry as stored, or nil
local function find()
  if wide then
    return redis.call('HGET', KEYS[8], user)
  end
  return redis.call('ZSCORE', KEYS[1], user)
end

local function take()
  local c = find()
  if c then
    local _, member = place(c)
    redis.call('ZREM', KEYS[1], member)
    if wide then
      redis.call('HDEL', KEYS[8], user)
    end
    count(c, -1)
  end
  return c
end

local function unstash()
  local c = redis.call('HGET', KEYS[6], user)
  if c then
    redis.call('HDEL', KEYS[6], user)
  end
  return c
end

if op == 'ban' then
  redis.call('SADD', KEYS[5], user)
  local c = take()
  if c then
    redis.call('HSET', KEYS[6], user, c)
    return {1, c}
  end
  return {0, ''}
elseif op == 'lift' then
  redis.call('SREM', KEYS[5], user)
  local c = unstash()
  if not c or redis.call('EXISTS', KEYS[4]) == 1 or find() then
    return {0, ''}
  end
  local score, member = place(c)
  redis.call('ZADD', KEYS[1], score, member)
  if wide then
    redis.call('HSET', KEYS[8], user, c)
  end
  count(c, 1)
  return {1, c}
elseif op == 'remove' then
  if redis.call('EXISTS', KEYS[4]) == 1 then
    return {-3, ''}
  end
  redis.call('HDEL', KEYS[7], user)
  local c = take()
  if c then
    unstash()
    return {1, c}
  end
  c = unstash()
  if c then
    return {2, c}
  end
  return {0, ''}
elseif op == 'erase' then
  redis.call('SADD', KEYS[5], user)
  redis.call('HDEL', KEYS[7], user)
  local c = take()
  local s = unstash()
  return {(c or s) and 1 or 0, c or s or ''}
elseif op == 'unmark' then
  redis.call('SREM', KEYS[5], user)
  return {1, ''}
end
return redis.error_reply('unknown op ' .. tostring(op))
