-- Shared by the scripts that count the members before an entry (prepended to them when they are
-- loaded, see Scripts; needs bytes.lua): on sorted set `scores` (of `card` members) in board order
-- (`desc`), the number of members ordered before composite c held by member u. own is true on u's own partition, where a
-- member that still holds c is counted by its rank (2 calls instead of 4-5); held, when given, is
-- what ZSCORE of u answered there.
--
-- Board order: better composite first (higher on desc, lower on asc). Members with exactly the
-- same composite keep Redis' own order, byte order of the member: ascending on an asc board and,
-- because a desc board reads the set backwards, descending on a desc board. Redis stores equal
-- composites in byte order, so the members of a tie form one run of indexes; a binary search over
-- that run with ZRANGE by index (O(log N) each) counts the ones before the user without reading
-- the run, comparing bytes by hand (lessBytes, bytes.lua) because Lua follows the server's locale.
local function countBefore(scores, desc, card, c, u, own, held)
  if own then
    if held == nil then
      held = redis.call('ZSCORE', scores, u)
    end
    if held and tonumber(held) == tonumber(c) then
      if desc then
        return redis.call('ZREVRANK', scores, u)
      end
      return redis.call('ZRANK', scores, u)
    end
  end
  -- a count from -inf costs Redis about half of one to +inf (the skiplist finds and ranks its first
  -- member at once, its last only after a walk down the right edge), so on a high-first board the
  -- better members are the card less those at or below c
  local better
  if desc then
    better = card - redis.call('ZCOUNT', scores, '-inf', c)
  else
    better = redis.call('ZCOUNT', scores, '-inf', '(' .. c)
  end
  local ties = redis.call('ZCOUNT', scores, c, c)
  if ties == 0 then
    return better
  end
  local first = redis.call('ZCOUNT', scores, '-inf', '(' .. c)
  local lo, hi = 0, ties
  while lo < hi do
    local mid = math.floor((lo + hi) / 2)
    local m = redis.call('ZRANGE', scores, first + mid, first + mid)[1]
    if lessBytes(m, u) then
      lo = mid + 1
    else
      hi = mid
    end
  end
  -- lo members of the tie sort below u in byte order
  if desc then
    local self = 0
    if lo < ties and redis.call('ZRANGE', scores, first + lo, first + lo)[1] == u then
      self = 1
    end
    return better + ties - lo - self
  end
  return better + lo
end
