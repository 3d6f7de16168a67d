-- Finds one user's scores among a league's held scores (league_hold.lua), a range of the list at a
-- time, and with erase replaces each by an empty object, which the replay skips: positions never
-- move, so a replay under way goes on from where it was. The held JSON is the service's own encoding,
-- so the user's field is found as text.
--
-- The contract with the Java side (HeldScoreStore), checked by LuaContractTest:
-- KEYS[1] held: the scores held after a period (list of event JSON)
-- KEYS[2] counts: per user, their held scores not yet replayed (hash)
-- ARGV[1] user: the user ID
-- ARGV[2] from: the first position of the range
-- ARGV[3] count: how many positions the range holds
-- ARGV[4] erase: 1 to replace the user's scores by '{}' (and drop their count), 0 to read them
--
-- Returns {positions read, json of each of the user's scores in the range, in order}.
local held, counts = KEYS[1], KEYS[2]
local user, from, count, erase = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4] == '1'
local needle = '"userId":"' .. user .. '"'
local range = redis.call('LRANGE', held, from, from + count - 1)
local out = {#range}
for i, event in ipairs(range) do
  if string.find(event, needle, 1, true) then
    out[#out + 1] = event
    if erase then
      redis.call('LSET', held, from + i - 1, '{}')
    end
  end
end
if erase then
  redis.call('HDEL', counts, user)
end
return out
