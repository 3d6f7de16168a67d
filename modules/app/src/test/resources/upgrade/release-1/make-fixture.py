#!/usr/bin/env python3
"""Makes this fixture: data written by the release before key sets, and what it answered.

Run from a checkout of that release (commit b94f984) after `./mvnw -q -pl modules/app -am package
-DskipTests`:

    python3 make-fixture.py <release's leaderboard.jar> <empty work dir> <this folder>

It starts the release's node on its embedded stores (4 shards, boards of the default 8 partitions,
so every shard holds 2 partitions of each board), drives a scenario over HTTP, records the answers
of the reads in expected.json with every event it applied, takes a backup with the release's
`backup` command into backup/, and stops the node. Deterministic content (a fixed seed); only the
time differs between runs, recorded as madeAt.
"""
import json
import os
import random
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

JAR, WORK, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
PORT = 18480
BASE = f"http://127.0.0.1:{PORT}"
rnd = random.Random(20261128)
env = dict(os.environ, LB_DATA_DIR=os.path.join(WORK, "data"), LB_LOCAL_SHARDS="4", LB_HTTP_PORT=str(PORT))
log = open(os.path.join(WORK, "node.log"), "w")
node = subprocess.Popen(["java", "-jar", JAR], env=env, stdout=log, stderr=subprocess.STDOUT)
KEY = None


def call(method, path, body=None, ok=(200, 201)):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(BASE + path, data=data, method=method)
    req.add_header("Authorization", "Bearer " + KEY)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req) as r:
            status, text = r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        status, text = e.code, e.read().decode()
    if ok is not None and status not in ok:
        raise SystemExit(f"{method} {path} {body}: {status} {text}")
    return status, (json.loads(text) if text else None)


try:
    key_file = os.path.join(WORK, "data", "admin.key")
    for _ in range(600):
        if os.path.exists(key_file):
            try:
                urllib.request.urlopen(BASE + "/health/ready").read()
                break
            except Exception:
                pass
        time.sleep(0.5)
    KEY = open(key_file).read().strip()
    made_at = int(time.time() * 1000)
    applied = []  # every event the release applied: {board, event}

    def submit_batch(board, events):
        status, answer = call("POST", f"/v1/boards/{board}/scores/batch", {"events": events})
        refused = {x["index"] for x in answer.get("rejections", []) + answer.get("conflicts", [])
                   + answer.get("failures", [])}
        for i, e in enumerate(events):
            if i not in refused:
                applied.append({"board": board, "event": e})

    def submit(board, event, ok=(200, 201, 403, 409)):
        status, answer = call("POST", f"/v1/boards/{board}/scores", event, ok=ok)
        if status == 200 and answer.get("applied"):
            applied.append({"board": board, "event": event})
        return status, answer

    boards = {
        "fx-packed": {"operator": "incr", "denseRanks": True},
        "fx-wide": {"layout": "wide", "operator": "best", "sortKeys": [{"name": "level", "max": 9}]},
        "fx-asc": {"order": "asc", "operator": "set", "maxScore": 100000, "partitions": 6},
        "fx-comp": {"joinRequired": True, "cohortSize": 10, "maxAttempts": 3},
        "fx-daily": {"period": "daily", "operator": "incr"},
    }
    for name, spec in boards.items():
        call("PUT", f"/v1/boards/{name}", spec)
    users = {name: [] for name in boards}

    # packed: 300 users, ties of score and second, metadata on some
    events = []
    for i in range(900):
        u = f"u{rnd.randrange(300)}"
        e = {"userId": u, "value": rnd.randrange(1, 30), "eventId": f"pk-{i}"}
        if rnd.random() < 0.2:
            e["meta"] = {"name": f"n{i}", "lvl": rnd.randrange(5)}
        events.append(e)
    for k in range(0, len(events), 100):
        submit_batch("fx-packed", events[k:k + 100])
    users["fx-packed"] = sorted({e["userId"] for e in events})
    # wide with a sort key: equal scores ordered by level, then time
    events = [{"userId": f"w{rnd.randrange(120)}", "value": rnd.randrange(50), "eventId": f"wd-{i}",
               "keys": {"level": rnd.randrange(10)}} for i in range(300)]
    for k in range(0, len(events), 100):
        submit_batch("fx-wide", events[k:k + 100])
    users["fx-wide"] = sorted({e["userId"] for e in events})
    # asc, set, 6 partitions; single submits
    for i in range(200):
        submit("fx-asc", {"userId": f"a{rnd.randrange(80)}", "value": rnd.randrange(1000), "eventId": f"as-{i}"})
    users["fx-asc"] = sorted({a["event"]["userId"] for a in applied if a["board"] == "fx-asc"})
    # a competition: joins, cohorts of 10, at most 3 attempts (some events beyond them are refused)
    for i in range(60):
        call("POST", "/v1/boards/fx-comp/participants", {"userId": f"c{i}"})
    for i in range(200):
        submit("fx-comp", {"userId": f"c{rnd.randrange(60)}", "value": rnd.randrange(1, 20), "eventId": f"cp-{i}"})
    users["fx-comp"] = [f"c{i}" for i in range(60)]
    # a daily board whose current period is closed and archived
    for i in range(100):
        submit("fx-daily", {"userId": f"d{rnd.randrange(40)}", "value": rnd.randrange(1, 9), "eventId": f"dy-{i}"})
    users["fx-daily"] = sorted({a["event"]["userId"] for a in applied if a["board"] == "fx-daily"})
    status, periods = call("GET", "/v1/boards/fx-daily/periods")
    day = periods["periods"][0]["period"]
    call("POST", f"/v1/boards/fx-daily/periods/{day}/close")
    # moderation: a ban (entries stashed on every board), a removed entry, replaced metadata
    call("PUT", "/v1/users/u3/ban", {"reason": "fixture ban"})
    call("PUT", "/v1/users/c7/ban", {"reason": "fixture ban"})
    call("DELETE", "/v1/boards/fx-packed/users/u5")
    call("PATCH", "/v1/boards/fx-packed/users/u7", {"meta": {"name": "seven"}})
    # friends
    for i in range(10):
        call("POST", f"/v1/users/u{i}/friends",
             {"friendIds": sorted({f"u{rnd.randrange(300)}" for _ in range(12)} - {f"u{i}"})})
    # a league
    call("PUT", "/v1/leagues/fx-league", {"tiers": ["bronze", "silver"], "cohortSize": 5, "promote": 1,
                                            "relegate": 1, "period": "weekly"})
    league_scores = []
    for i in range(60):
        e = {"userId": f"l{rnd.randrange(25)}", "value": rnd.randrange(1, 20), "eventId": f"lg-{i}"}
        status, answer = call("POST", "/v1/leagues/fx-league/scores", e)
        if answer.get("applied"):
            league_scores.append(e)
    league_members = sorted({e["userId"] for e in league_scores})

    reads = ["/v1/boards", "/v1/boards/fx-daily/periods", f"/v1/boards/fx-daily/entries?period={day}&limit=1000",
             "/v1/users/u3", "/v1/users/c7", "/v1/boards/fx-comp/participants?limit=1000"]
    for name in boards:
        if name != "fx-daily":
            reads.append(f"/v1/boards/{name}/entries?limit=1000")
            reads.append(f"/v1/boards/{name}/entries?limit=1000&rankMode=competition")
            for u in users[name]:
                reads.append(f"/v1/boards/{name}/users/{u}")
            for u in users[name][::15]:
                reads.append(f"/v1/boards/{name}/users/{u}/around?limit=11")
    reads.append("/v1/boards/fx-packed/entries?limit=1000&rankMode=dense")
    for i in range(10):
        reads.append(f"/v1/boards/fx-packed/users/u{i}/friends?globalRanks=true")
    for u in ["c1", "c2", "c15", "c33"]:
        reads.append(f"/v1/boards/fx-comp/users/{u}/cohort")
    for u in league_members:
        reads.append(f"/v1/leagues/fx-league/users/{u}")
    reads.append("/v1/leagues/fx-league/tiers")
    recorded = []
    for path in reads:
        status, body = call("GET", path, ok=None)
        recorded.append({"path": path, "status": status, "body": body})

    banned = {"u3", "c7"}
    resend = [a for a in applied if a["event"]["userId"] not in banned and a["board"] != "fx-daily"]
    with open(os.path.join(OUT, "expected.json"), "w") as f:
        json.dump({"madeAt": made_at, "release": "b94f984", "reads": recorded, "applied": resend,
                   "leagueScores": league_scores}, f, indent=1, sort_keys=True)
    backup = subprocess.run(["java", "-jar", JAR, "backup", "--to", os.path.join(OUT, "backup")], env=env,
                            capture_output=True, text=True)
    print(backup.stdout, backup.stderr)
    if backup.returncode != 0:
        raise SystemExit("backup failed")
    print(f"madeAt {made_at}; {len(recorded)} reads, {len(resend)} applied events recorded")
finally:
    node.send_signal(signal.SIGTERM)
    node.wait(timeout=60)
