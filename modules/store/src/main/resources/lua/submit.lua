-- Applies one score event to one user, atomically, on the user's partition.
--
-- KEYS[1]  sorted set of the partition: member = user ID, score = composite (score * scale + tie)
-- KEYS[2]  sorted set of recent event IDs of the partition: member = user ID "\n" event ID,
--          score = receipt epoch seconds * 2^20 + the 20-bit digest of the event's payload
--          (records written before the digest hold receipt epoch ms: below 10^14, see OLD_FORM)
-- KEYS[3]  sorted set of the distinct scores held in the partition (member = score = the score)
-- KEYS[4]  hash: score -> number of members holding it (for dense ranks)
-- KEYS[5]  present when the period is closed: nothing may change any more
-- KEYS[6]  hash: user ID -> the entry's metadata (JSON object text)
-- KEYS[7]  set of the partition's banned users: their events change nothing
-- KEYS[8]  the partition's stash of banned users' entries (not used here; see moderate.lua)
-- KEYS[9]  wide layout: the user's bucket of the partition's user map, hash: user ID -> tie .. score
--          (the entry's member is tie .. user ID, its Redis score the score itself)
-- ARGV     userId, operator (incr|set|best), value, desc (1|0), scale (2^timeBits),
--          tie (low bits for the event's time), maxScore, eventId ('' = none), now ms, dedupe window ms,
--          dense (1|0: keep the distinct-score index of KEYS[3] and KEYS[4]),
--          digest (0..2^20-1: of the event's operator, value and given time, see EventDigest),
--          maxStep (0 = none: the largest change one event may make, a first score counting from 0),
--          meta ('' = keep the stored metadata; else the JSON text to store with the applied event),
--          tie ('' = packed layout; else the wide layout's tie of the event, ending in '|'),
--          minScore (the lowest score an entry may hold)
--
-- Returns {status, entry, previous entry} as stored ('' when absent): on the packed layout the
-- composite, on the wide layout tie .. score.
--   status 1 = applied and the score (or, for an equal score, its time) changed,
--          2 = applied, nothing changed (the score keeps the time it was first reached),
--          0 = duplicate event ID (same payload, nothing changed), -1 = result below minScore,
--          -2 = result above maxScore, -3 = the period is closed (nothing changed),
--          -4 = the event ID was used for another payload (nothing changed, the first event stands),
--          -5 = the change exceeds maxStep (nothing changed),
--          -6 = the user is banned (nothing changed, the event is not remembered).
-- Every number stays below 2^53, where Lua's doubles are exact; composites are formatted with %.0f
-- because Lua's default number formatting keeps only 14 digits.
local user, op = ARGV[1], ARGV[2]
local value = tonumber(ARGV[3])
local desc = ARGV[4] == '1'
local scale = tonumber(ARGV[5])
local maxScore = tonumber(ARGV[7])
local eventId = ARGV[8]
local now = tonumber(ARGV[9])
local window = tonumber(ARGV[10])
local digest = tonumber(ARGV[12])
local maxStep = tonumber(ARGV[13])
local meta = ARGV[14]
local tie = ARGV[15]
local minScore = tonumber(ARGV[16])
local wide = tie ~= ''

-- An idempotency record's score: receipt seconds * SPAN + digest (exact in a double until 2242).
-- Records below OLD_FORM were written as receipt ms (no digest: they answer duplicate) and
-- expire by ms; the new form is above 10^15 for any receipt from 2001 on.
local SPAN = 1048576
local OLD_FORM = 1e14
local nowSeconds = math.floor(now / 1000)
local windowSeconds = math.floor(window / 1000)

-- the user's entry: current = its Redis score, currentTie = its tie (wide layout)
local current, currentTie, previous
if wide then
  previous = redis.call('HGET', KEYS[9], user)
  if previous then
    local cut = string.find(previous, '|', 1, true)
    currentTie = string.sub(previous, 1, cut)
    current = string.sub(previous, cut + 1)
  end
else
  current = redis.call('ZSCORE', KEYS[1], user)
  previous = current
end
previous = previous or ''
if redis.call('SISMEMBER', KEYS[7], user) == 1 then
  return {-6, previous, previous}
end
if redis.call('EXISTS', KEYS[5]) == 1 then
  return {-3, previous, previous}
end

local eventMember = nil
if eventId ~= '' then
  eventMember = user .. '\n' .. eventId
  local seen = redis.call('ZSCORE', KEYS[2], eventMember)
  if seen then
    seen = tonumber(seen)
    if seen < OLD_FORM then
      if seen >= now - window then
        return {0, previous, previous}
      end
    else
      local at = math.floor(seen / SPAN)
      if at >= nowSeconds - windowSeconds then
        if seen - at * SPAN == digest then
          return {0, previous, previous}
        end
        return {-4, previous, previous}
      end
    end
  end
end

local old = nil
if current then
  old = wide and tonumber(current) or math.floor(tonumber(current) / scale)
end

local new
if op == 'incr' then
  new = (old or 0) + value
elseif op == 'set' then
  new = value
elseif old == nil then
  new = value
elseif desc then
  new = math.max(old, value)
else
  new = math.min(old, value)
end

if new < minScore then
  return {-1, previous, previous}
end
if new > maxScore then
  return {-2, previous, previous}
end
-- plausibility limit (maxStep): the change the event makes, from 0 for a first score
if maxStep > 0 and math.abs(new - (old or 0)) > maxStep then
  return {-5, previous, previous}
end

-- An unchanged score keeps the time it was first reached. Events may arrive out of time order,
-- so a set or best event whose own value equals the score, at an earlier time, moves the time
-- back to it. (An incr carries no such proof: it says nothing about the total at its time.)
-- (On the wide layout the tie holds the sort keys before the time: an equal score with better keys
-- counts as reached earlier, so set and best take the better keys.)
local status = 2
local composite = previous
local write = old == nil or new ~= old
if wide then
  if not write and op ~= 'incr' and value == old then
    write = (desc and lessBytes(currentTie, tie)) or (not desc and lessBytes(tie, currentTie))
  end
else
  local candidate = new * scale + tonumber(ARGV[6])
  if not write and op ~= 'incr' and value == old then
    local cur = tonumber(current)
    write = (desc and candidate > cur) or (not desc and candidate < cur)
  end
  if write then
    composite = string.format('%.0f', candidate)
  end
end
if write then
  if wide then
    local s = string.format('%.0f', new)
    if currentTie then
      redis.call('ZREM', KEYS[1], currentTie .. user)
    end
    redis.call('ZADD', KEYS[1], s, tie .. user)
    composite = tie .. s
    redis.call('HSET', KEYS[9], user, composite)
  else
    redis.call('ZADD', KEYS[1], composite, user)
  end
  status = 1
  if old ~= new and ARGV[11] == '1' then
    if old ~= nil then
      local o = string.format('%.0f', old)
      if redis.call('HINCRBY', KEYS[4], o, -1) <= 0 then
        redis.call('HDEL', KEYS[4], o)
        redis.call('ZREM', KEYS[3], o)
      end
    end
    local s = string.format('%.0f', new)
    if redis.call('HINCRBY', KEYS[4], s, 1) == 1 then
      redis.call('ZADD', KEYS[3], s, s)
    end
  end
end

-- entry metadata: stored with every applied event that carries it
if meta ~= '' then
  redis.call('HSET', KEYS[6], user, meta)
end

if eventMember then
  redis.call('ZADD', KEYS[2], string.format('%.0f', nowSeconds * SPAN + digest), eventMember)
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', '(' .. string.format('%.0f', math.min(now - window, OLD_FORM)))
  redis.call('ZREMRANGEBYSCORE', KEYS[2], string.format('%.0f', OLD_FORM),
    '(' .. string.format('%.0f', (nowSeconds - windowSeconds) * SPAN))
end
return {status, composite, previous}
