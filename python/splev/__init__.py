"""splev - compile NetHack-family des-files and generate their levels.

A thin layer over libsplev.so (ctypes, standard library only; numpy is used
for Level.cells when it can be imported):

    import splev
    script = splev.compile(open("dat/caves.des").read())
    print(script.levels)                  # the LEVEL names of the file
    level = script.generate(seed=1)       # the first level, seed 1
    print("\\n".join(level.rows))
    for lev in script.generate_many(range(1000), depth=5):
        ...                               # one runner for all of them

The library is found by $SPLEV_LIB, else in the source tree's build/lib/
(when the package is run from python/), else beside an installed package
(PREFIX/lib), else by the system's loader (libsplev.so.0).
"""

import ctypes
import ctypes.util
import json
import os

try:
    import numpy as _np
except ImportError:     # numpy is optional
    _np = None

__all__ = ["compile", "CompileError", "Diagnostic", "Script", "Level",
           "version"]

_c = ctypes
_P = _c.c_void_p


class _GenCtx(_c.Structure):
    _fields_ = [(n, _c.c_int) for n in (
        "depth", "difficulty", "dunlev", "hero_align", "level_align",
        "dungeon_align")] + [
        ("hero_name", _c.c_char_p), ("hero_role", _c.c_char_p),
        ("hero_race", _c.c_char_p)] + [(n, _c.c_int) for n in (
            "discordian_holiday", "pirateday", "aprilfools", "piday",
            "towelday", "midnight", "night", "friday13", "moon_phase")] + [
        ("yyyymmdd", _c.c_long)] + [(n, _c.c_int) for n in (
            "in_mines", "in_minetown", "in_sokoban", "in_gehennom",
            "in_wiztower", "in_endgame", "in_quest", "top_level",
            "bottom_level", "can_dig_down", "has_branch", "branch_up",
            "branch_portal", "flip", "flip_everywhere")] + [
        ("carrying", _c.c_char_p), ("names", _P),
        ("max_steps", _c.c_uint64), ("max_call_depth", _c.c_int),
        ("max_things", _c.c_size_t), ("max_string", _c.c_size_t),
        ("hero_level", _c.c_int)]


class _LevcompOpts(_c.Structure):
    _fields_ = [("include_dirs", _c.POINTER(_c.c_char_p)),
                ("n_include_dirs", _c.c_size_t),
                ("names_file", _c.c_char_p), ("no_names", _c.c_int),
                ("diag_out", _P)] + [(n, _c.c_int) for n in (
                    "werror", "no_warnings", "extra_warnings", "max_errors",
                    "bytes_only", "dialect", "no_dialect_warnings")] + [
                ("max_input_size", _c.c_size_t),
                ("classic_game", _c.c_int), ("classic_version", _P),
                ("diags", _P), ("variant", _c.c_int)]


class _CompiledLevel(_c.Structure):
    _fields_ = [("name", _c.c_char_p), ("bytes", _P), ("len", _c.c_size_t),
                ("script", _P), ("vault_freq", _c.c_uint32),
                ("origin", _c.c_char_p)]


class _Compiled(_c.Structure):
    _fields_ = [("levels", _c.POINTER(_CompiledLevel)),
                ("nlevels", _c.c_size_t), ("errors", _c.c_int),
                ("warnings", _c.c_int)]


class _LevscriptHead(_c.Structure):
    """The first fields of splev_levscript."""
    _fields_ = [("name", _c.c_char_p), ("dialect", _c.c_int)]


class _Diagnostic(_c.Structure):
    _fields_ = [("file", _c.c_char_p), ("line", _c.c_int),
                ("column", _c.c_int), ("severity", _c.c_int),
                ("message", _c.c_char_p)]


def _candidates():
    env = os.environ.get("SPLEV_LIB")
    if env:
        return [env]
    here = os.path.dirname(os.path.abspath(__file__))
    found = [os.path.join(here, "..", "..", "build", "lib", "libsplev.so"),
             os.path.join(here, "..", "..", "..", "libsplev.so.0")]
    found = [os.path.normpath(p) for p in found if os.path.exists(p)]
    return found + [ctypes.util.find_library("splev") or "libsplev.so.0"]


def _load():
    errors = []
    for path in _candidates():
        try:
            lib = _c.CDLL(path)
            break
        except OSError as e:
            errors.append(str(e))
    else:
        raise ImportError("splev: cannot load libsplev (set SPLEV_LIB): "
                          + "; ".join(errors))
    sig = {
        "splev_version": (_c.c_char_p, []),
        "splev_free": (None, [_P]),
        "splev_genctx_size": (_c.c_size_t, []),
        "splev_levcomp_opts_size": (_c.c_size_t, []),
        "splev_compiled_level_size": (_c.c_size_t, []),
        "splev_genctx_init": (None, [_c.POINTER(_GenCtx)]),
        "splev_levcomp_new": (_P, [_c.POINTER(_LevcompOpts), _c.c_char_p,
                                   _c.c_size_t]),
        "splev_levcomp_free": (None, [_P]),
        "splev_levcomp_file": (_c.POINTER(_Compiled), [_P, _c.c_char_p]),
        "splev_levcomp_buffer": (_c.POINTER(_Compiled),
                                 [_P, _c.c_char_p, _c.c_char_p,
                                  _c.c_size_t]),
        "splev_compiled_free": (None, [_c.POINTER(_Compiled)]),
        "splev_diags_new": (_P, []),
        "splev_diags_free": (None, [_P]),
        "splev_diags_count": (_c.c_size_t, [_P]),
        "splev_diags_get": (_c.POINTER(_Diagnostic), [_P, _c.c_size_t]),
        "splev_names_builtin": (_P, [_c.c_int]),
        "splev_names_free": (None, [_P]),
        "splev_run": (_P, [_P, _c.POINTER(_GenCtx), _c.c_uint64,
                           _c.c_char_p, _c.c_size_t]),
        "splev_runner_new": (_P, []),
        "splev_runner_free": (None, [_P]),
        "splev_runner_run": (_P, [_P, _P, _c.POINTER(_GenCtx), _c.c_uint64,
                                  _c.c_char_p, _c.c_size_t]),
        "splev_level_to_json": (_P, [_P]),
        "splev_level_free": (None, [_P]),
    }
    for name, (res, args) in sig.items():
        f = getattr(lib, name)
        f.restype = res
        f.argtypes = args
    if (lib.splev_genctx_size() != _c.sizeof(_GenCtx) or
            lib.splev_levcomp_opts_size() != _c.sizeof(_LevcompOpts) or
            lib.splev_compiled_level_size() != _c.sizeof(_CompiledLevel)):
        raise ImportError("splev: this package does not match the "
                          "library's structures (version %s)"
                          % lib.splev_version().decode())
    return lib


_lib = _load()
_SEVERITY = ("error", "warning", "note")
_DIALECTS = {None: 0, "unnethack": 1, "nethack36": 2}


def version():
    """The library's version string."""
    return _lib.splev_version().decode()


class Diagnostic(tuple):
    """One report: file, line, column (0 when none), severity
    ("error", "warning", "note") and message."""
    __slots__ = ()

    def __new__(cls, file, line, column, severity, message):
        return tuple.__new__(cls, (file, line, column, severity, message))

    file = property(lambda self: self[0])
    line = property(lambda self: self[1])
    column = property(lambda self: self[2])
    severity = property(lambda self: self[3])
    message = property(lambda self: self[4])

    def __str__(self):
        if self.line:
            return "%s:%d:%d: %s: %s" % (self.file, self.line,
                                         self.column or 1, self.severity,
                                         self.message)
        return "%s: %s: %s" % (self.file, self.severity, self.message)


class CompileError(Exception):
    """A des-file with errors; .diagnostics lists every report."""

    def __init__(self, diagnostics):
        self.diagnostics = list(diagnostics)
        errors = [d for d in self.diagnostics if d.severity == "error"]
        Exception.__init__(self, str(errors[0]) if errors
                           else "the file gives no level")


def _text(p):
    return p.decode("utf-8", "replace") if p is not None else None


class Level:
    """A generated level: width, height, rows (the map as the game draws
    it), cells (terrain codes, [y][x]; a numpy array when numpy is
    present), monsters, objects, traps, stairs (lists of dicts), the seed,
    and data (the whole JSON model of doc/level-json.md).  The JSON text
    is parsed when one of them is first read."""

    def __init__(self, json_text, seed):
        self._json = json_text
        self.seed = seed
        self._data = None

    @property
    def data(self):
        """The whole model, parsed from the JSON when first asked for."""
        if self._data is None:
            self._data = json.loads(self._json)
        return self._data

    name = property(lambda self: self.data["name"])
    width = property(lambda self: self.data["width"])
    height = property(lambda self: self.data["height"])
    rows = property(lambda self: self.data["map"])
    monsters = property(lambda self: self.data["monsters"])
    objects = property(lambda self: self.data["objects"])
    traps = property(lambda self: self.data["traps"])
    stairs = property(lambda self: self.data["stairs"])

    @property
    def cells(self):
        typ = [[c[0] for c in row] for row in self.data["cells"]]
        return _np.array(typ, dtype=_np.uint8) if _np else typ

    def to_json(self):
        """The level's JSON text, as levgen --format json writes it."""
        return self._json

    def __repr__(self):
        return "<splev.Level %r seed %d>" % (self.name, self.seed)


def _level_json(lev_ptr):
    p = _lib.splev_level_to_json(lev_ptr)
    if not p:
        raise MemoryError("splev: out of memory")
    try:
        return _c.string_at(p).decode("utf-8")
    finally:
        _lib.splev_free(p)


class Script:
    """The levels of one compiled des-file."""

    def __init__(self, compiled, lc):
        self._compiled = compiled
        self._lc = lc
        c = compiled.contents
        self._scripts = {}
        self.levels = []
        for i in range(c.nlevels):
            name = _text(c.levels[i].name)
            self.levels.append(name)
            self._scripts[name] = c.levels[i].script
        self._names = {}

    def __del__(self):
        if getattr(self, "_compiled", None):
            _lib.splev_compiled_free(self._compiled)
            _lib.splev_levcomp_free(self._lc)
            self._compiled = None
        for n in getattr(self, "_names", {}).values():
            _lib.splev_names_free(n)

    def _script(self, level):
        if level is None:
            return self._scripts[self.levels[0]]
        if level not in self._scripts:
            raise KeyError("no level %r (the file has %s)"
                           % (level, ", ".join(self.levels)))
        return self._scripts[level]

    def _ctx(self, script, context):
        ctx = _GenCtx()
        _lib.splev_genctx_init(_c.byref(ctx))
        dialect = _c.cast(script, _c.POINTER(_LevscriptHead))[0].dialect
        if dialect not in self._names:
            self._names[dialect] = _lib.splev_names_builtin(dialect)
        ctx.names = self._names[dialect]
        keep = []
        for key, value in context.items():
            if not hasattr(_GenCtx, key) or key == "names":
                raise TypeError("unknown context field %r" % key)
            if isinstance(value, str):
                value = value.encode("utf-8")
                keep.append(value)
            setattr(ctx, key, value)
        return ctx, keep

    def generate(self, seed=1, level=None, **context):
        """The level (default: the first) for a seed; context sets fields
        of the generation context (depth=5, night=1, hero_role="Wizard"
        ...).  Raises RuntimeError on a run-time error of the script."""
        script = self._script(level)
        ctx, keep = self._ctx(script, context)
        err = _c.create_string_buffer(600)
        lev = _lib.splev_run(script, _c.byref(ctx), seed, err, len(err))
        if not lev:
            raise RuntimeError(err.value.decode("utf-8", "replace"))
        try:
            return Level(_level_json(lev), seed)
        finally:
            _lib.splev_level_free(lev)
            del keep

    def generate_many(self, seeds, level=None, **context):
        """Levels for many seeds, one after another, made by one runner
        (the library's buffers are kept from level to level).  Yields
        Levels; the same seed gives the same level as generate()."""
        script = self._script(level)
        ctx, keep = self._ctx(script, context)
        runner = _lib.splev_runner_new()
        if not runner:
            raise MemoryError("splev: out of memory")
        err = _c.create_string_buffer(600)
        try:
            for seed in seeds:
                lev = _lib.splev_runner_run(runner, script, _c.byref(ctx),
                                            seed, err, len(err))
                if not lev:
                    raise RuntimeError(err.value.decode("utf-8", "replace"))
                yield Level(_level_json(lev), seed)
        finally:
            _lib.splev_runner_free(runner)
            del keep


def compile(text_or_path, dialect=None):
    """Compile a des-file given as its text or as a path (a str naming an
    existing file, or an os.PathLike).  dialect: None (a MAZE header means
    NetHack 3.6), "unnethack" or "nethack36".  Returns a Script; raises
    CompileError with the diagnostics when the file has errors."""
    if dialect not in _DIALECTS:
        raise ValueError("dialect is None, 'unnethack' or 'nethack36'")
    path = None
    if isinstance(text_or_path, os.PathLike):
        path = os.fspath(text_or_path)
    elif (isinstance(text_or_path, str) and "\n" not in text_or_path and
          os.path.isfile(text_or_path)):
        path = text_or_path
    diags = _lib.splev_diags_new()
    opts = _LevcompOpts()
    opts.dialect = _DIALECTS[dialect]
    opts.diags = diags
    err = _c.create_string_buffer(600)
    try:
        lc = _lib.splev_levcomp_new(_c.byref(opts), err, len(err))
        if not lc:
            raise MemoryError(err.value.decode("utf-8", "replace"))
        if path is not None:
            r = _lib.splev_levcomp_file(lc, os.fsencode(path))
        else:
            data = text_or_path
            if isinstance(data, str):
                data = data.encode("utf-8")
            r = _lib.splev_levcomp_buffer(lc, b"<string>", data, len(data))
        if not r:
            _lib.splev_levcomp_free(lc)
            raise MemoryError("splev: out of memory")
        found = []
        for i in range(_lib.splev_diags_count(diags)):
            d = _lib.splev_diags_get(diags, i).contents
            found.append(Diagnostic(_text(d.file), d.line, d.column,
                                    _SEVERITY[d.severity], _text(d.message)))
        if r.contents.errors or r.contents.nlevels == 0:
            _lib.splev_compiled_free(r)
            _lib.splev_levcomp_free(lc)
            raise CompileError(found)
        script = Script(r, lc)
        script.diagnostics = found
        return script
    finally:
        _lib.splev_diags_free(diags)
