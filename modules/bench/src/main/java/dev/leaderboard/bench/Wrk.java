package dev.leaderboard.bench;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Runs HTTP load cases with {@code wrk}: each {@link LoadSpec} becomes a Lua script (the request of
 * its kind for a uniformly drawn user, its Authorization header, and a {@code done()} that prints
 * the summary on one line), run as {@code /usr/bin/time -f '%U %S' wrk --latency -s script} so wrk's
 * own CPU time is measured too. Connections are closed loops (wrk sends a connection's next request
 * when its answer is in); a paced case ({@link LoadSpec#perSecond}) makes each wrk thread's
 * {@code delay()} hand its connections turns at even intervals of {@code 1000 * threads / rate} ms on
 * the monotonic clock (through LuaJIT's FFI; a thread more than a second behind starts counting its
 * turns again from now rather than bursting). Latency is from wrk's histogram, over all answers,
 * from a request's write to its answer (a paced wait is not in it).
 */
final class Wrk {
  private static final String MARK = "WRK-RESULT";
  private static final String LATENCIES = "WRK-LATENCIES";
  private static final String TIME = "/usr/bin/time";
  /** The requests of every kind; formatted with the batch size and the seed that names event IDs. */
  private static final String REQUESTS = """
      local function submit(rank)
        return wrk.format("POST", base .. "/scores?rank=" .. rank, headers,
          '{"userId":"' .. user() .. '","value":' .. math.random(1, 100) .. '}')
      end
      local function batch()
        local events = {}
        for i = 1, %d do
          sent = sent + 1
          events[i] = '{"userId":"' .. user() .. '","value":' .. math.random(1, 100)
            .. ',"eventId":"w%d-' .. id .. '-' .. sent .. '"}'
        end
        return wrk.format("POST", base .. "/scores/batch", headers, '{"events":[' .. table.concat(events, ",") .. ']}')
      end
      local function rank() return wrk.format("GET", base .. "/users/" .. user(), headers) end
      local function top() return wrk.format("GET", base .. "/entries?limit=10", headers) end
      local function page100() return wrk.format("GET", base .. "/entries?limit=100", headers) end
      local function around() return wrk.format("GET", base .. "/users/" .. user() .. "/around?limit=11", headers) end
      local function cohort() return wrk.format("GET", base .. "/users/" .. user() .. "/cohort", headers) end
      local function friends() return wrk.format("GET", base .. "/users/" .. user() .. "/friends", headers) end
      local function join()
        sent = sent + 1
        return wrk.format("POST", base .. "/participants", headers, '{"userId":"j%2$d-' .. id .. '-' .. sent .. '"}')
      end
      """;
  /** The body of a paced {@code delay()}; formatted with a thread's interval in ms. */
  private static final String PACE = """
        local ffi = require("ffi")
        if not clock then
          ffi.cdef("typedef struct { long sec; long nsec; } wrk_timespec; int clock_gettime(int, wrk_timespec *);")
          clock = ffi.new("wrk_timespec")
        end
        ffi.C.clock_gettime(1, clock)
        local now = tonumber(clock.sec) * 1000 + tonumber(clock.nsec) / 1e6
        if due == nil or now - due > 1000 then due = now end
        local wait = due - now
        due = due + %.4f
        if wait > 0 then return wait end
      """;

  private final Path dir;

  /** @param dir where the scripts and timing files of the runs go */
  Wrk(Path dir) {
    this.dir = dir;
  }

  /** Exits with how to install them unless {@code wrk} is on the PATH and {@code /usr/bin/time} exists. */
  static void requireInstalled() {
    boolean wrk = false;
    for (String p : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      wrk |= !p.isEmpty() && Files.isExecutable(Path.of(p, "wrk"));
    }
    if (!wrk || !Files.isExecutable(Path.of(TIME))) {
      System.err.println("The HTTP load comes from wrk, and wrk's CPU is measured with /usr/bin/time;"
          + (wrk ? "" : " wrk is not on the PATH;") + (Files.isExecutable(Path.of(TIME)) ? "" : " " + TIME
          + " is missing;") + " install them with: apt-get install wrk time");
      System.exit(2);
    }
  }

  /**
   * Runs {@code spec} for {@code spec.seconds()} (whole seconds, at least 1) on {@code threads} wrk
   * threads. With {@code honourRetryAfter} every 503 with a {@code Retry-After} makes a connection of
   * the same wrk thread wait that long before its next request (wrk's {@code delay()} is per thread,
   * not per connection), and the non-2xx and 503 answers are counted exactly. With {@code latencies}
   * the result carries the latency at every thousandth of the answers ({@link WrkResult#quantiles}).
   */
  WrkResult run(LoadSpec spec, int threads, boolean honourRetryAfter, boolean latencies) {
    try {
      Path script = Files.createTempFile(dir, "wrk-", ".lua");
      Path times = Files.createTempFile(dir, "wrk-", ".time");
      Files.writeString(script, script(spec, threads, honourRetryAfter, latencies));
      long seconds = Math.max(1, Math.round(spec.seconds()));
      List<String> command = new ArrayList<>(List.of(TIME, "-o", times.toString(), "-f", "%U %S", "wrk",
          "-t" + Math.min(threads, spec.connections()), "-c" + spec.connections(), "-d" + seconds + "s",
          "--timeout", "30s", "--latency", "-s", script.toString(), "http://" + Local.HOST + ":" + spec.port()));
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      int code = p.waitFor();
      String[] cpu = Files.readString(times).trim().split("\\s+");
      Files.delete(script);
      Files.delete(times);
      double[] quantiles = null;
      for (String line : out.split("\n")) {
        if (line.startsWith(LATENCIES)) {
          quantiles = Arrays.stream(line.substring(LATENCIES.length()).trim().split(" "))
              .mapToDouble(us -> Double.parseDouble(us) / 1000).toArray();
        } else if (line.startsWith(MARK)) {
          return parse(line, spec, Double.parseDouble(cpu[cpu.length - 2]) + Double.parseDouble(cpu[cpu.length - 1]),
              quantiles);
        }
      }
      throw new IllegalStateException("wrk exited with " + code + " and no result:\n" + out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for wrk", e);
    }
  }

  private static WrkResult parse(String line, LoadSpec spec, double wrkCpu, double[] quantiles) {
    String[] f = line.substring(MARK.length()).trim().split("\\s+");
    long requests = Long.parseLong(f[0]);
    double seconds = Long.parseLong(f[1]) / 1e6;
    long status = Long.parseLong(f[2]);
    long socket = Long.parseLong(f[3]) + Long.parseLong(f[4]) + Long.parseLong(f[5]) + Long.parseLong(f[6]);
    long non2xx = Long.parseLong(f[10]) >= 0 ? Long.parseLong(f[10]) : status;
    long shed = Math.max(0, Long.parseLong(f[11]));
    long ok = requests - non2xx;
    long events = spec.kind() == LoadSpec.Kind.BATCH ? ok * spec.batchSize() : ok;
    return new WrkResult(requests, non2xx, shed, socket, seconds, Double.parseDouble(f[7]) / 1000,
        Double.parseDouble(f[8]) / 1000, Double.parseDouble(f[9]) / 1000, events, new double[] {0, 0, wrkCpu, 0}, quantiles);
  }

  /** The Lua script of a case. */
  static String script(LoadSpec spec, int threads, boolean honourRetryAfter, boolean latencies) {
    StringBuilder s = new StringBuilder();
    s.append("local threads = {}\nlocal counter = 0\n")
        .append("function setup(thread)\n  thread:set(\"id\", counter)\n  counter = counter + 1\n")
        .append("  table.insert(threads, thread)\nend\n")
        .append("function init(args)\n  math.randomseed(").append(spec.seed() * 1000 + 17).append(" + id)\n")
        .append("  sent = 0\n  non2xx = 0\n  shed = 0\n  owed = {}\nend\n")
        .append("local base = \"/v1/boards/").append(spec.board()).append("\"\n")
        .append("local headers = { [\"Content-Type\"] = \"application/json\"");
    if (spec.authorization() != null) {
      s.append(", [\"Authorization\"] = \"").append(spec.authorization()).append('"');
    }
    s.append(" }\nlocal function user() return \"u\" .. math.random(0, ").append(spec.users() - 1).append(") end\n")
        .append(String.format(Locale.ROOT, REQUESTS, spec.batchSize(), spec.seed()))
        .append("function request()\n").append(request(spec)).append("end\n");
    if (honourRetryAfter) {
      s.append("function response(status, hdrs, body)\n")
          .append("  if status < 200 or status > 299 then non2xx = non2xx + 1 end\n")
          .append("  if status == 503 then\n    shed = shed + 1\n")
          .append("    local after = tonumber(hdrs[\"Retry-After\"] or hdrs[\"retry-after\"] or \"\")\n")
          .append("    if after then table.insert(owed, after * 1000) end\n  end\nend\n");
    }
    if (honourRetryAfter || spec.perSecond() > 0) {
      s.append("function delay()\n  if #owed > 0 then return table.remove(owed, 1) end\n");
      if (spec.perSecond() > 0) {
        s.append(String.format(Locale.ROOT, PACE, 1000.0 * Math.min(threads, spec.connections()) / spec.perSecond()));
      }
      s.append("  return 0\nend\n");
    }
    s.append("function done(summary, latency, requests)\n  local n, sh = ").append(honourRetryAfter ? "0, 0" : "-1, -1")
        .append('\n');
    if (honourRetryAfter) {
      s.append("  for _, t in ipairs(threads) do\n    n = n + t:get(\"non2xx\")\n    sh = sh + t:get(\"shed\")\n  end\n");
    }
    if (latencies) {
      s.append("  local q = {}\n")
          .append("  for i = 1, 1000 do q[i] = string.format(\"%.0f\", latency:percentile((i - 0.5) / 10)) end\n")
          .append("  io.write(\"").append(LATENCIES).append(" \", table.concat(q, \" \"), \"\\n\")\n");
    }
    s.append("  local e = summary.errors\n")
        .append("  io.write(string.format(\"").append(MARK)
        .append(" %d %d %d %d %d %d %d %.0f %.0f %.0f %d %d\\n\", summary.requests, summary.duration, e.status,")
        .append(" e.connect, e.read, e.write, e.timeout, latency:percentile(50), latency:percentile(99), latency.max,")
        .append(" n, sh))\nend\n");
    return s.toString();
  }

  /** The request() of a case: its one kind, or for {@link LoadSpec.Kind#MIXED} one drawn by the weights there. */
  private static String request(LoadSpec spec) {
    return switch (spec.kind()) {
      case SUBMIT -> "  return submit(\"" + spec.rank() + "\")\n";
      case BATCH -> "  return batch()\n";
      case USER -> "  return rank()\n";
      case TOP -> "  return top()\n";
      case PAGE_100 -> "  return page100()\n";
      case AROUND -> "  return around()\n";
      case COHORT -> "  return cohort()\n";
      case FRIENDS -> "  return friends()\n";
      case JOIN -> "  return join()\n";
      case MIXED -> """
            local k = math.random(0, 99)
            if k < 25 then return submit("true") elseif k < 40 then return submit("false")
            elseif k < 45 then return batch() elseif k < 75 then return rank()
            elseif k < 90 then return top() else return around() end
          """;
    };
  }
}
