-- Counts, for each (composite, userId) pair, the members of this partition ordered before it.
--
-- KEYS[1]  sorted set of the partition
-- ARGV     desc (1|0), then composite_1, userId_1, composite_2, userId_2, ...
--
-- Board order: better composite first (higher on desc, lower on asc). Members with exactly the
-- same composite keep Redis' own order, byte order of the user ID: ascending on an asc board and,
-- because a desc board reads the set backwards, descending on a desc board. Redis stores equal
-- composites in byte order, so the members of a tie form one run of ranks; a binary search over
-- that run with ZRANGE by index (O(log N) each) counts the ones before the user without reading
-- the run. Lua's own string comparison follows the server's locale, so bytes are compared by hand.
local key = KEYS[1]
local desc = ARGV[1] == '1'

local function lessBytes(a, b)
  local n = math.min(#a, #b)
  for i = 1, n do
    local x, y = string.byte(a, i), string.byte(b, i)
    if x ~= y then
      return x < y
    end
  end
  return #a < #b
end

local out = {}
for i = 2, #ARGV, 2 do
  local c, u = ARGV[i], ARGV[i + 1]
  local better
  if desc then
    better = redis.call('ZCOUNT', key, '(' .. c, '+inf')
  else
    better = redis.call('ZCOUNT', key, '-inf', '(' .. c)
  end
  local ties = redis.call('ZCOUNT', key, c, c)
  if ties > 0 then
    local first = redis.call('ZCOUNT', key, '-inf', '(' .. c)
    local lo, hi = 0, ties
    while lo < hi do
      local mid = math.floor((lo + hi) / 2)
      local m = redis.call('ZRANGE', key, first + mid, first + mid)[1]
      if lessBytes(m, u) then
        lo = mid + 1
      else
        hi = mid
      end
    end
    -- lo tie members sort below u in byte order
    if desc then
      local self = 0
      if lo < ties and redis.call('ZRANGE', key, first + lo, first + lo)[1] == u then
        self = 1
      end
      better = better + ties - lo - self
    else
      better = better + lo
    end
  end
  out[#out + 1] = better
end
return out
