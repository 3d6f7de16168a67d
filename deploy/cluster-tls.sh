#!/bin/sh
# Makes the certificates of the clustered event bus's mutual TLS: a CA of the cluster's own and one
# certificate (with its key) that every node presents, then prints the command that stores them in
# the Secret leaderboard-cluster-tls which deploy/base/deployment.yaml mounts.
#
#   deploy/cluster-tls.sh DIR [NAMESPACE]
#
# DIR is created owner-only and receives ca.key, ca.crt, tls.key and tls.crt (EC P-256, valid
# CLUSTER_TLS_DAYS days, default 365). Only ca.crt, tls.crt and tls.key go into the Secret; keep
# ca.key offline: it signs the next node certificate when this one is renewed. The CA must sign
# nothing else: nodes check that a peer's certificate comes from it, not the peer's host name.
# Needs openssl 1.1.1 or newer. Nothing it makes belongs in the repository.
set -eu

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 DIR [NAMESPACE]" >&2
  exit 2
fi
dir=$1
namespace=${2:-leaderboard}
days=${CLUSTER_TLS_DAYS:-365}

if [ -e "$dir" ] && [ -n "$(ls -A "$dir")" ]; then
  echo "$dir is not empty: give a new directory (nothing is overwritten)" >&2
  exit 1
fi
umask 077
mkdir -p "$dir"
cd "$dir"

openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days "$days" \
  -subj "/CN=leaderboard cluster CA" \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
  -keyout ca.key -out ca.crt 2>/dev/null
openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
  -subj "/CN=leaderboard node" -keyout tls.key -out tls.csr 2>/dev/null
printf '%s\n' "basicConstraints=critical,CA:FALSE" "keyUsage=critical,digitalSignature" \
  "extendedKeyUsage=serverAuth,clientAuth" > tls.ext
openssl x509 -req -in tls.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days "$days" -sha256 \
  -extfile tls.ext -out tls.crt 2>/dev/null
rm -f tls.csr tls.ext ca.srl
openssl verify -CAfile ca.crt tls.crt >/dev/null

echo "Made $dir/ca.crt, tls.crt, tls.key (and ca.key: keep it offline). Store them with:"
echo "  kubectl -n $namespace create secret generic leaderboard-cluster-tls \\"
echo "    --from-file=ca.crt=$dir/ca.crt --from-file=tls.crt=$dir/tls.crt --from-file=tls.key=$dir/tls.key"
