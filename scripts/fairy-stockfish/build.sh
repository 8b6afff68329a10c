#!/usr/bin/env bash
# Builds the Fairy-Stockfish engine, the opponent of `ccg match` in issue 6, from the source that
# PyPI's pyffish package ships (the same Fairy-Stockfish the differential tests use as a move
# generator; no other network source is needed). The binary goes to
# target/fairy-stockfish/fairy-stockfish (or $1); an existing binary is kept.
#
#   bash scripts/fairy-stockfish/build.sh            # about 1 minute on 2 cores
#   ccg match shogi --tc 10+0.1 --engine ccg \
#     --engine "cmd=target/fairy-stockfish/fairy-stockfish option.VariantPath=tests/oracle/variants.ini option.UCI_Variant=modernshogi"
#
# Flags as pyffish builds it (large boards, all variants, no embedded network: the classical
# evaluation plays) plus the optimisation and CPU flags of Fairy-Stockfish's own release build.
set -euo pipefail
cd "$(dirname "$0")/../.."

VERSION=0.0.90
SHA256=4a79601d85f392bce03705a275fb5f03dc44a554b26d32d518fb6887d772f701
OUT=${1:-target/fairy-stockfish/fairy-stockfish}
if [ -x "$OUT" ]; then
  echo "fairy-stockfish: $OUT exists"
  exit 0
fi
WORK=target/fairy-stockfish/build
rm -rf "$WORK" && mkdir -p "$WORK"
python3 -m pip download "pyffish==$VERSION" --no-binary :all: --no-deps -d "$WORK" -q
echo "$SHA256  $WORK/pyffish-$VERSION.tar.gz" | sha256sum -c --quiet
tar -xzf "$WORK/pyffish-$VERSION.tar.gz" -C "$WORK"
SRC="$WORK/pyffish-$VERSION/src"

FLAGS=(-O3 -DNDEBUG -std=c++17 -pthread -DUSE_PTHREADS -DIS_64BIT -DLARGEBOARDS -DALLVARS
       -DPRECOMPUTED_MAGICS -DNNUE_EMBEDDING_OFF -DUSE_POPCNT -mpopcnt -Wno-date-time)
if grep -qw bmi2 /proc/cpuinfo 2>/dev/null; then FLAGS+=(-DUSE_PEXT -mbmi2); fi
if grep -qw sse4_1 /proc/cpuinfo 2>/dev/null; then FLAGS+=(-DUSE_SSE41 -msse4.1); fi
export FLAGS_STR="${FLAGS[*]}"

# Every engine source except the Python and JavaScript bindings, two at a time.
find "$SRC" -name '*.cpp' ! -name pyffish.cpp ! -name ffishjs.cpp | sort \
  | xargs -P "$(nproc)" -I{} sh -c 'g++ $FLAGS_STR -c "$1" -o "$1.o"' _ {}
mkdir -p "$(dirname "$OUT")"
g++ "${FLAGS[@]}" $(find "$SRC" -name '*.o' | sort) -o "$OUT"
echo "uci" | "$OUT" | grep -q uciok
echo "fairy-stockfish: built $OUT"
