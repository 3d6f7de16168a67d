-- Rows of one partition with their entry metadata, in one read-only call: a read that returns
-- entries fetches their metadata in the same round trip.
--
-- The contract with the Java side (Rows), checked by LuaContractTest:
-- KEYS[1] scores: sorted set of the partition (member -> composite; a wide member is tie .. user ID, the
--         tie ending in '|')
-- KEYS[2] metas: hash: user ID -> metadata (JSON object text)
-- ARGV[1] command: a range command (ZRANGE, ZREVRANGE, ZRANGEBYSCORE or ZREVRANGEBYSCORE)
-- ARGV[2..] arguments: the command's arguments after the key, WITHSCORES included
--
-- Returns {member, composite, meta, member, composite, meta, ...} in the command's order; meta is ''
-- for a member without metadata.
local scores, metas = KEYS[1], KEYS[2]
local command = ARGV[1]
if command ~= 'ZRANGE' and command ~= 'ZREVRANGE' and command ~= 'ZRANGEBYSCORE' and command ~= 'ZREVRANGEBYSCORE' then
  return redis.error_reply('rows.lua takes a range command, not ' .. tostring(command))
end
local args = {}
for i = 2, #ARGV do
  args[#args + 1] = ARGV[i]
end
local rows = redis.call(command, scores, unpack(args))
local out = {}
for i = 1, #rows, 2 do
  out[#out + 1] = rows[i]
  out[#out + 1] = rows[i + 1]
  local cut = string.find(rows[i], '|', 1, true)
  out[#out + 1] = redis.call('HGET', metas, cut and string.sub(rows[i], cut + 1) or rows[i]) or ''
end
return out
