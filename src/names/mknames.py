#!/usr/bin/env python3
"""mknames.py - make the project's names tables from the games' facts.

Reads, for each dialect, SPEC/names/DIALECT.tsv (kind, class, frequency,
name: monsters, objects, traps, room types) and SPEC/names/DIALECT-monsters.tsv
(name, class, level, frequency, flags, alignment), and writes

  dat/names/DIALECT.tsv   the table lev_comp --names and levgen --names read:
                          kind, class, frequency, name, and for monsters
                          also level, generation flags and alignment
  src/names/tables.c      the same tables compiled into the library

Run from the project root:  python3 src/names/mknames.py ../shared/spec [ROOT]
(ROOT: where dat/names/ and src/names/ are written, default .)
"""
import os
import sys

DIALECTS = [("unnethack", "UnNetHack"), ("nethack36", "NetHack 3.6")]
KINDS = {"monster": "NK_MONSTER", "object": "NK_OBJECT", "trap": "NK_TRAP",
         "room": "NK_ROOM"}
FLAGS = ["nogen", "unique", "smallgroup", "largegroup", "genocidable",
         "nocorpse", "hell", "nohell"]


def rows(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                yield line.split("\t")


def read_dialect(spec, d):
    extra = {}
    for name, cls, level, freq, flags, align in rows(
            os.path.join(spec, "names", d + "-monsters.tsv")):
        extra[(name, cls)] = (int(level), flags, int(align))
    out = []
    for kind, cls, freq, name in rows(os.path.join(spec, "names",
                                                   d + ".tsv")):
        if kind not in KINDS:
            raise SystemExit("%s: unknown kind %r" % (d, kind))
        if kind == "monster":
            level, flags, align = extra[(name, cls)]
            for fl in flags.split(","):
                if fl != "-" and fl not in FLAGS:
                    raise SystemExit("%s: unknown flag %r" % (d, fl))
            out.append((kind, cls, int(freq), name, level, flags, align))
        else:
            out.append((kind, cls, int(freq), name, 0, "-", 0))
    return out


def c_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def c_char(c):
    return "'\\''" if c == "'" else "'\\\\'" if c == "\\" else "'%s'" % c


def flag_bits(flags):
    if flags == "-":
        return "0"
    return " | ".join("NF_" + f.upper() for f in flags.split(","))


def main():
    spec = sys.argv[1] if len(sys.argv) > 1 else "../shared/spec"
    root = sys.argv[2] if len(sys.argv) > 2 else "."
    tables = []
    for d, title in DIALECTS:
        recs = read_dialect(spec, d)
        tables.append((d, title, recs))
        with open(os.path.join(root, "dat", "names", d + ".tsv"), "w",
                  encoding="utf-8") as f:
            f.write("# %s names: kind, class, frequency, name; monsters also "
                    "level, generation flags, alignment.\n" % title)
            f.write("# Made by src/names/mknames.py from the game's monster and "
                    "object lists.\n")
            for kind, cls, freq, name, level, flags, align in recs:
                f.write("%s\t%s\t%d\t%s" % (kind, cls, freq, name))
                if kind == "monster":
                    f.write("\t%d\t%s\t%d" % (level, flags, align))
                f.write("\n")
    with open(os.path.join(root, "src", "names", "tables.c"), "w",
              encoding="utf-8") as f:
        f.write("/* tables.c - the names tables built into the library, "
                "one per dialect.\n * Made by src/names/mknames.py from the "
                "games' monster and object lists;\n * do not edit. */\n")
        f.write('#include "names/names.h"\n\n')
        for d, title, recs in tables:
            f.write("/* %s */\nstatic const names_rec %s_recs[] = {\n"
                    % (title, d))
            for kind, cls, freq, name, level, flags, align in recs:
                f.write("    {%s, %s, %d, %d, %d, %s, %s},\n" % (
                    KINDS[kind], c_char(cls), freq, level, align,
                    flag_bits(flags), c_string(name)))
            f.write("};\n\n")
        f.write("const names_rec *names_builtin_recs(int dialect, "
                "size_t *n)\n{\n    switch (dialect) {\n")
        for i, (d, title, recs) in enumerate(tables):
            f.write("    case %d:\n        *n = sizeof %s_recs / sizeof "
                    "%s_recs[0];\n        return %s_recs;\n" % (i, d, d, d))
        f.write("    default:\n        *n = 0;\n        return NULL;\n"
                "    }\n}\n")


if __name__ == "__main__":
    main()
