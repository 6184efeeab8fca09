"""Tests of the splev Python package over the library just built.

Run from the project root:  PYTHONPATH=python python3 -m unittest \\
    discover -s python/tests   (SPLEV_LIB may name the library to use)."""
import json
import os
import pathlib
import unittest

import splev

ROOT = pathlib.Path(__file__).resolve().parents[2]
CAVES = ROOT / "dat" / "caves.des"
TINY = ('LEVEL: "tiny"\nROOM: "ordinary", lit, (3,3), (center,center), '
        '(5,3) {\n  MONSTER: "hill giant", (1,1)\n  OBJECT: \'(\', random\n'
        '  TRAP: "arrow", (2,2)\n  STAIR: (4,1), down\n}\n')


class CompileTest(unittest.TestCase):
    def test_text_and_path_give_the_same_levels(self):
        by_text = splev.compile(CAVES.read_text())
        by_path = splev.compile(str(CAVES))
        by_pathlike = splev.compile(CAVES)
        self.assertEqual(by_text.levels, ["glimtown-1", "glimtown-2",
                                          "glimend"])
        self.assertEqual(by_path.levels, by_text.levels)
        self.assertEqual(by_pathlike.levels, by_text.levels)
        self.assertEqual(by_text.generate(seed=5).to_json(),
                         by_path.generate(seed=5).to_json())

    def test_errors_raise_with_diagnostics(self):
        bad = TINY.replace('"hill giant"', '"newtt"').replace(
            '"arrow"', '"arow"')
        with self.assertRaises(splev.CompileError) as cm:
            splev.compile(bad)
        d = cm.exception.diagnostics
        self.assertEqual([tuple(x) for x in d], [
            ("<string>", 3, 12, "error",
             'unknown monster "newtt" (did you mean "newt"?)'),
            ("<string>", 5, 9, "error",
             'unknown trap "arow" (did you mean "arrow"?)')])
        self.assertEqual(str(cm.exception), "<string>:3:12: error: unknown "
                         'monster "newtt" (did you mean "newt"?)')

    def test_a_file_with_no_level_is_an_error(self):
        with self.assertRaises(splev.CompileError):
            splev.compile("# nothing here\n")

    def test_dialect(self):
        nh = 'MAZE: "m", \' \'\nGEOMETRY: center, center\nMAP\n...\nENDMAP\n'
        self.assertEqual(splev.compile(nh).levels, ["m"])
        self.assertEqual(splev.compile(nh, dialect="nethack36").levels,
                         ["m"])
        with self.assertRaises(ValueError):
            splev.compile(nh, dialect="slashem")


class GenerateTest(unittest.TestCase):
    def setUp(self):
        self.script = splev.compile(TINY)

    def test_level_fields(self):
        lev = self.script.generate(seed=1)
        self.assertEqual((lev.width, lev.height), (80, 21))
        self.assertEqual(len(lev.rows), 21)
        self.assertTrue(all(len(r) == 80 for r in lev.rows))
        self.assertEqual(len(lev.cells), 21)
        self.assertEqual(len(lev.cells[0]), 80)
        # the hill giant is drawn as its class, H, at its place
        m = lev.monsters[0]
        self.assertEqual((m["class"], m["name"]), ("H", "hill giant"))
        self.assertEqual(lev.rows[m["y"]][m["x"]], "H")
        # ROOM cells (27) under the giant, stairs and traps listed
        self.assertEqual(int(lev.cells[m["y"]][m["x"]]), 27)
        self.assertEqual([(s["kind"], s["up"]) for s in lev.stairs],
                         [("stair", 0)])
        self.assertEqual(lev.traps[0]["name"], "arrow")
        self.assertEqual(lev.objects[0]["class"], "(")
        self.assertEqual(json.loads(lev.to_json())["name"], "tiny")

    def test_same_seed_same_level(self):
        a = self.script.generate(seed=7).to_json()
        b = self.script.generate(seed=7).to_json()
        self.assertEqual(a, b)

    def test_generate_many_matches_generate(self):
        script = splev.compile(CAVES)
        many = list(script.generate_many([3, 4, 5], level="glimend",
                                         depth=7))
        self.assertEqual([lv.seed for lv in many], [3, 4, 5])
        for lv in many:
            one = script.generate(seed=lv.seed, level="glimend", depth=7)
            self.assertEqual(lv.to_json(), one.to_json())

    def test_context_fields(self):
        with self.assertRaises(TypeError):
            self.script.generate(seed=1, no_such_field=3)
        self.script.generate(seed=1, depth=9, hero_role="Wizard")
        with self.assertRaises(KeyError):
            self.script.generate(seed=1, level="nope")

    def test_runtime_error_raises(self):
        loop = 'LEVEL: "spin"\nLOOP [1000000] { LOOP [1000] { $x = 1 } }\n'
        with self.assertRaises(RuntimeError) as cm:
            splev.compile(loop).generate(seed=1, max_steps=1000)
        self.assertIn("step limit", str(cm.exception))


class LibraryTest(unittest.TestCase):
    def test_version(self):
        self.assertEqual(splev.version(), "0.1.0")

    def test_library_named_by_splev_lib(self):
        self.assertTrue(os.environ.get("SPLEV_LIB") is None or
                        os.path.exists(os.environ["SPLEV_LIB"]))


if __name__ == "__main__":
    unittest.main()
