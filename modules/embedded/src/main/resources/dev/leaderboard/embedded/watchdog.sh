# Run by launch.sh as: sh -c <this> watchdog SERVER_PID SERVER_START_TIME SIGNAL GRACE_SECONDS
# Waits for end of file on stdin, a pipe whose only writer is the JVM: the kernel closes it when
# the JVM exits in any way, SIGKILL included, and the JVM closes it to ask for a stop. Then sends
# SIGNAL to the server, and SIGKILL if it still runs GRACE_SECONDS later. It signals only the server
# it was started for: same pid, same start time, not a zombie; one that exited first (its pid
# possibly reused since) is left alone.
server=$1 born=$2 sig=$3 grace=$4
alive() {
  { read -r stat </proc/"$server"/stat; } 2>/dev/null || return 1
  set -- ${stat##*") "}
  [ "$1" != Z ] && [ "${20}" = "$born" ]
}
while read -r _; do :; done
if alive; then
  kill -"$sig" "$server" 2>/dev/null
  n=$((grace * 10))
  while [ "$n" -gt 0 ] && alive; do sleep 0.1; n=$((n - 1)); done
  alive && kill -KILL "$server" 2>/dev/null
fi
exit 0
