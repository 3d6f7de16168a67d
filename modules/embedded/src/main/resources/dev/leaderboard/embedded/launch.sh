# Run by ProcessGuard as: sh -c <this> sh WATCHDOG_SCRIPT SIGNAL GRACE_SECONDS SERVER ARGS...
# Starts the server's watchdog, then becomes the server (exec keeps this shell's pid). The watchdog
# reads what was this shell's stdin, a pipe from the JVM; the server gets /dev/null instead.
watchdog=$1 sig=$2 grace=$3
shift 3
exec 3<&0 </dev/null
# sets born to the start time of process $1 (field 22 of /proc/<pid>/stat, the 20th after
# "pid (command) "), which tells it apart from a later process that reuses its pid
started() {
  { read -r stat </proc/"$1"/stat; } 2>/dev/null || return 1
  set -- ${stat##*") "}
  born=${20}
}
if started $$; then
  # started from a subshell that exits at once, the watchdog is no child of the server (PostgreSQL
  # takes the death of an unknown child for a crashed backend); it ignores the signals a terminal
  # sends to its process group
  (
    trap '' HUP INT QUIT TERM
    exec /bin/sh -c "$watchdog" watchdog "$$" "$born" "$sig" "$grace" <&3 &
  )
fi
exec "$@" 3<&-
