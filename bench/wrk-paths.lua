-- wrk script for the market benchmarks: requests the paths given after `--` in turn (wrk's own
-- arguments cannot carry a list), and prints the figures the benchmark reads as one JSON line.
local paths = {}
local counter = 0

function init(args)
  for _, path in ipairs(args) do
    paths[#paths + 1] = wrk.format("GET", path)
  end
  -- Each wrk thread starts at another place in the list, as the Node load processes did.
  counter = math.random(#paths)
end

function request()
  counter = counter + 1
  return paths[counter % #paths + 1]
end

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,"failures":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    errors.connect + errors.read + errors.write + errors.status + errors.timeout))
end
