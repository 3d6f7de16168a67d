-- Rows of one partition with their entry metadata, in one read-only call: a read that returns
-- entries fetches their metadata in the same round trip.
--
-- KEYS[1]  sorted set of the partition (member -> composite; a wide member is tie .. user ID, the
--          tie ending in '|')
-- KEYS[2]  hash: user ID -> metadata (JSON object text)
-- ARGV     a range command (ZRANGE, ZREVRANGE, ZRANGEBYSCORE or ZREVRANGEBYSCORE) and its arguments
--          after the key, WITHSCORES included
--
-- Returns {member, composite, meta, member, composite, meta, ...} in the command's order; meta is ''
-- for a member without metadata.
local cmd = ARGV[1]
if cmd ~= 'ZRANGE' and cmd ~= 'ZREVRANGE' and cmd ~= 'ZRANGEBYSCORE' and cmd ~= 'ZREVRANGEBYSCORE' then
  return redis.error_reply('rows.lua takes a range command, not ' .. tostring(cmd))
end
local args = {}
for i = 2, #ARGV do
  args[#args + 1] = ARGV[i]
end
local rows = redis.call(cmd, KEYS[1], unpack(args))
local out = {}
for i = 1, #rows, 2 do
  out[#out + 1] = rows[i]
  out[#out + 1] = rows[i + 1]
  local cut = string.find(rows[i], '|', 1, true)
  out[#out + 1] = redis.call('HGET', KEYS[2], cut and string.sub(rows[i], cut + 1) or rows[i]) or ''
end
return out
