// The pacer's admission on Redis: one script, so two processes admitting requests of one key at
// once are counted one after the other (`store/redis/redis-pacer.ts`; the same rules as the
// in-memory `Pacer` of `http/pacing.ts`).

/** ARGV: prefix, pacing key, endpoint, now (ms of the simulation's clock), requests per second,
 * the endpoint's minimum interval in ms ('' when it has none), violations that box the key, their
 * window in ms, the box's length in ms, the state's time to live in ms. The state of a key is one
 * hash, `<prefix>:pacing:<epoch>:<key>` (the epoch moves on a reset): `recent` and `violations`
 * (times, comma-separated), `boxed` (until when), `e:<endpoint>` (its last admitted request).
 * Answers 0 when the request is admitted (and counted), else the seconds to wait (Retry-After). */
export const pacingScript = `
local prefix, key, endpoint = ARGV[1], ARGV[2], ARGV[3]
local now = tonumber(ARGV[4])
local perSecond = tonumber(ARGV[5])
local interval = tonumber(ARGV[6])
local violationsToBox = tonumber(ARGV[7])
local penaltyWindow = tonumber(ARGV[8])
local penalty = tonumber(ARGV[9])
local ttl = tonumber(ARGV[10])
local epoch = redis.call('GET', prefix .. ':pacing:epoch') or '0'
local hash = prefix .. ':pacing:' .. epoch .. ':' .. key
local state = redis.call('HMGET', hash, 'boxed', 'recent', 'violations', 'e:' .. endpoint)
local boxed = tonumber(state[1]) or 0
if boxed > now then return math.ceil((boxed - now) / 1000) end
local function within(text, span)
  local kept = {}
  if text then
    for at in string.gmatch(text, '[^,]+') do
      local time = tonumber(at)
      if now - time < span then kept[#kept + 1] = time end
    end
  end
  return kept
end
local function joined(times)
  local parts = {}
  for i, time in ipairs(times) do parts[i] = string.format('%.0f', time) end
  return table.concat(parts, ',')
end
local recent = within(state[2], 1000)
local wait = 0
if #recent >= perSecond then wait = 1000 - (now - recent[1]) end
local last = tonumber(state[4])
if interval and last and now - last < interval then
  wait = math.max(wait, interval - (now - last))
end
if wait > 0 then
  local violations = within(state[3], penaltyWindow)
  violations[#violations + 1] = now
  redis.call('HSET', hash, 'violations', joined(violations))
  if #violations >= violationsToBox then
    redis.call('HSET', hash, 'boxed', string.format('%.0f', now + penalty))
    wait = penalty
    ttl = math.max(ttl, penalty)
  end
  redis.call('PEXPIRE', hash, ttl)
  return math.max(1, math.ceil(wait / 1000))
end
recent[#recent + 1] = now
redis.call('HSET', hash, 'recent', joined(recent))
if interval then redis.call('HSET', hash, 'e:' .. endpoint, string.format('%.0f', now)) end
redis.call('PEXPIRE', hash, ttl)
return 0
`;
