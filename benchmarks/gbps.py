#!/usr/bin/env python3
"""Turns a JMH JSON result of the blosc2-panama benchmarks (run.sh ... -rf json -rff FILE) into GB/s tables.

Every benchmark counts one operation per MiB of uncompressed data, so its score (ops/s) is MiB/s and
GB/s (10^9 bytes/s) = score * 1048576 / 1e9. Where a configuration has both impl=java and impl=c,
the ratio java/c is printed too (above 1 = ours faster).
"""
import json
import sys

MIB = 1048576 / 1e9


def gbps(entry):
    m = entry["primaryMetric"]
    if m["scoreUnit"] != "ops/s":
        sys.exit(f"{entry['benchmark']}: unit {m['scoreUnit']}, expected ops/s")
    return m["score"] * MIB


def main(path):
    with open(path) as f:
        results = json.load(f)
    chunk, kernel, memcpy = {}, {}, {}
    for e in results:
        cls, method = e["benchmark"].rsplit(".", 2)[-2:]
        p = e.get("params", {})
        if cls == "ChunkBenchmark":
            key = (p["dataset"], p["config"], int(p["nthreads"]))
            chunk.setdefault(key, {})[(p["impl"], method)] = gbps(e)
        elif cls == "KernelBenchmark":
            kernel.setdefault(p["dataset"], {})[(p.get("impl", "-"), method)] = gbps(e)
        elif cls == "MemcpyBenchmark":
            memcpy[method] = gbps(e)
    if chunk:
        print("| dataset | config | nthreads | C comp GB/s | C dec GB/s | ours comp GB/s | ours dec GB/s | comp ours/C | dec ours/C |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for (ds, cfg, nt), r in sorted(chunk.items(), key=lambda kv: (kv[0][0], kv[0][2])):
            cells = [r.get((impl, m)) for impl in ("c", "java") for m in ("compress", "decompress")]
            ratios = [r[("java", m)] / r[("c", m)] if ("java", m) in r and ("c", m) in r else None
                      for m in ("compress", "decompress")]
            fmt = lambda v, d=3: "-" if v is None else f"{v:.{d}f}"
            print(f"| {ds} | {cfg} | {nt} | " + " | ".join(fmt(v) for v in cells) + " | "
                  + " | ".join(fmt(v, 2) for v in ratios) + " |")
        print()
    if kernel:
        print("| dataset | impl | shuffle | unshuffle | bitshuffle | bitunshuffle | MemorySegment.copy |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for ds, r in sorted(kernel.items()):
            copy = r.get(("-", "copy"))
            for impl in sorted({i for i, _ in r if i != "-"}):
                cells = [r.get((impl, m)) for m in ("shuffle", "unshuffle", "bitshuffle", "bitunshuffle")]
                print(f"| {ds} | {impl} | " + " | ".join("-" if v is None else f"{v:.3f}" for v in cells)
                      + f" | {'-' if copy is None else f'{copy:.3f}'} |")
        print()
    if memcpy:
        print("| copy of 16 MiB in 4 MiB pieces | GB/s |")
        print("| --- | --- |")
        for m, v in sorted(memcpy.items()):
            print(f"| {m} | {v:.3f} |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: gbps.py JMH_RESULT.json")
    main(sys.argv[1])
