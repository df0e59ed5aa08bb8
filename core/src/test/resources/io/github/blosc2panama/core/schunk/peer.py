# The python-blosc2 (C-Blosc2) side of PythonPeerTest.
#   peer.py make DIR          writes 39 frames into DIR, prints a JSON list describing them (the last three
#                             had all their chunks deleted)
#   peer.py read PATH KIND..  opens frames (KIND: cframe, sframe, or memory = a cframe file read
#                             with schunk_from_cframe), prints a JSON list describing them
# A description: nchunks, nbytes, parameters, per-chunk nbytes / special value / sha256 of the data
# (none for UNINIT chunks), metalayers (raw bytes, hex) and vlmetalayers (decompressed bytes, hex).
import hashlib, json, os, sys
import numpy as np
import blosc2


def describe(s, path, kind):
    chunks = []
    for k in range(s.nchunks):
        c = s.get_chunk(k)
        special = (c[31] >> 4) & 7
        d = s.decompress_chunk(k)
        chunks.append({"nbytes": len(d), "special": special,
                       "sha256": None if special == 4 else hashlib.sha256(d).hexdigest()})
    cp = s.cparams
    return {"path": path, "kind": kind, "nchunks": s.nchunks, "nbytes": s.nbytes, "typesize": cp.typesize,
            "compcode": int(cp.codec.value), "clevel": cp.clevel, "chunksize": s.chunksize,
            "filters": [int(f.value) for f in cp.filters], "filters_meta": [int(m) for m in cp.filters_meta],
            "chunks": chunks,
            "meta": {m: blosc2.blosc2_ext.meta__getitem__(s, m).hex() for m in s.meta.keys()},
            "vlmeta": {v: bytes(s.vlmeta.get_vlmeta(v)).hex() for v in list(s.vlmeta)}}


def read(args):
    result = []
    for path, kind in zip(args[0::2], args[1::2]):
        if kind == "memory":
            with open(path, "rb") as f:
                s = blosc2.schunk_from_cframe(f.read(), copy=True)
        else:
            s = blosc2.open(path)
        result.append(describe(s, path, kind))
        del s
    return result


codecs = [blosc2.Codec.BLOSCLZ, blosc2.Codec.LZ4, blosc2.Codec.LZ4HC, blosc2.Codec.ZLIB, blosc2.Codec.ZSTD]
pipelines = [
    ([blosc2.Filter.SHUFFLE], [0]),
    ([blosc2.Filter.BITSHUFFLE], [0]),
    ([blosc2.Filter.DELTA, blosc2.Filter.SHUFFLE], [0, 0]),
    ([blosc2.Filter.SHUFFLE, blosc2.Filter.BYTEDELTA], [0, 0]),
    ([blosc2.Filter.TRUNC_PREC, blosc2.Filter.SHUFFLE], [13, 0]),
    ([blosc2.Filter.NOFILTER], [0]),
]
typesizes = [4, 8, 2, 1, 16, 3]
kinds = ["cframe", "sframe", "memory"]
splitmodes = [blosc2.SplitMode.AUTO_SPLIT, blosc2.SplitMode.NEVER_SPLIT, blosc2.SplitMode.ALWAYS_SPLIT,
              blosc2.SplitMode.FORWARD_COMPAT_SPLIT]


def data(nbytes, ts, seed, pattern):
    rng = np.random.default_rng(seed)
    if pattern == 0:
        a = (np.arange(nbytes, dtype=np.uint64) * (seed + 1)) // 3
        return a.astype(np.uint8).tobytes()
    if pattern == 1 and ts in (4, 8):
        dt = np.float32 if ts == 4 else np.float64
        return np.linspace(seed, seed + 1, nbytes // ts, dtype=dt).tobytes()
    if pattern == 2:
        return rng.integers(0, 7, nbytes, dtype=np.uint8).tobytes()
    words = [b"blosc2 ", b"frame ", b"chunk ", b"panama ", b"%d " % seed]
    s = b"".join(words[int(x)] for x in rng.integers(0, len(words), nbytes // 4 + 8))
    return s[:nbytes]


def make(out):
    frames = []
    for i in range(39):
        filters, fmeta = pipelines[i % len(pipelines)]
        ts = typesizes[(i // 2) % len(typesizes)]
        if blosc2.Filter.TRUNC_PREC in filters and ts not in (4, 8):
            ts = 4 if i % 2 else 8
        kind = kinds[i % 3]
        codec = codecs[i % len(codecs)]
        nitems = [1000, 2500, 4096, 777][i % 4]
        chunksize = nitems * ts
        cparams = blosc2.CParams(codec=codec, clevel=1 + i % 9, typesize=ts, filters=filters, filters_meta=fmeta,
                                 splitmode=splitmodes[i % 4])
        name = "py%02d_%s.b2frame" % (i, kind)
        path = os.path.join(out, name)
        meta = {"pymeta": [i, "frame"], "shape": list(range(i % 5))} if i % 2 == 0 else None
        storage = blosc2.Storage(contiguous=(kind != "sframe"), urlpath=(None if kind == "memory" else path),
                                 mode="w", meta=meta)
        s = blosc2.SChunk(chunksize=chunksize, cparams=cparams, storage=storage)
        if i >= 36:
            # every chunk deleted: C-Blosc2 leaves their cbytes in the header of a contiguous frame
            for k in range(2):
                s.append_data(data(chunksize, ts, i * 100 + k, k))
            s.delete_chunk(1)
            s.delete_chunk(0)
        elif i >= 30:
            # special chunks written by fill_special
            sv = [blosc2.SpecialValue.ZERO, blosc2.SpecialValue.NAN, blosc2.SpecialValue.UNINIT][i % 3]
            if sv == blosc2.SpecialValue.NAN and ts not in (4, 8):
                sv = blosc2.SpecialValue.ZERO
            s.fill_special(nitems * 3 + nitems // 2, sv)
        else:
            for k in range(3 + i % 4):
                s.append_data(data(chunksize, ts, i * 100 + k, (i + k) % 4))
            if i % 4 == 1:
                s.append_data(bytes(chunksize))  # all zeros: C stores a special chunk
            op = i % 5
            if op == 1:
                s.insert_data(1, data(chunksize, ts, i * 100 + 50, 2), True)
            elif op == 2:
                s.delete_chunk(0)
            elif op == 3:
                s.update_data(1, data(chunksize, ts, i * 100 + 60, 0), True)
            elif op == 4:
                s.reorder_offsets(list(reversed(range(s.nchunks))))
            if i % 6 == 5:
                s.append_data(data(nitems // 2 * ts, ts, i * 100 + 70, 3))  # a shorter last chunk
        if i % 3 != 2:
            s.vlmeta["pyvl"] = {"i": i, "name": name}
            s.vlmeta.set_vlmeta("raw", bytes(range(i + 1)) * 3, typesize=1)
        if i % 7 == 3:
            s.vlmeta["gone"] = "x"
            del s.vlmeta["gone"]
        if kind == "memory":
            with open(path, "wb") as f:
                f.write(s.to_cframe())
        frames.append(describe(s, name, kind))
        del s
    return frames


if __name__ == "__main__":
    print(json.dumps(read(sys.argv[2:]) if sys.argv[1] == "read" else make(sys.argv[2])))
