#!/usr/bin/env python3
"""tests/jsonschema_check.py SCHEMA FILE... - a tiny JSON Schema validator
for the parts of the language doc/*.schema.json use: type (one name),
required, properties, additionalProperties false, items, enum, minimum,
minLength, maxItems.  Any other keyword in the schema is an error, so a
schema cannot quietly ask for more than is checked.  Prints one line per
problem and exits 1 when there is one."""
import json
import sys

KNOWN = {"$schema", "$id", "title", "description", "type", "required",
         "properties", "additionalProperties", "items", "enum", "minimum",
         "minLength", "maxItems"}
TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def check(schema, value, where, problems):
    unknown = set(schema) - KNOWN
    if unknown:
        raise SystemExit("schema keyword(s) not supported: %s" % sorted(unknown))
    t = schema.get("type")
    if t is not None and not TYPES[t](value):
        problems.append("%s: not of type %s" % (where, t))
        return
    if "enum" in schema and value not in schema["enum"]:
        problems.append("%s: %r not one of %r" % (where, value, schema["enum"]))
    if "minimum" in schema and value < schema["minimum"]:
        problems.append("%s: %r below %r" % (where, value, schema["minimum"]))
    if "minLength" in schema and len(value) < schema["minLength"]:
        problems.append("%s: shorter than %d" % (where, schema["minLength"]))
    if "maxItems" in schema and len(value) > schema["maxItems"]:
        problems.append("%s: more than %d items" % (where, schema["maxItems"]))
    if isinstance(value, dict):
        for k in schema.get("required", []):
            if k not in value:
                problems.append("%s: %s missing" % (where, k))
        props = schema.get("properties", {})
        for k, v in value.items():
            if k in props:
                check(props[k], v, "%s.%s" % (where, k), problems)
            elif schema.get("additionalProperties", True) is False:
                problems.append("%s: unexpected property %s" % (where, k))
    if isinstance(value, list) and "items" in schema:
        for i, v in enumerate(value):
            check(schema["items"], v, "%s[%d]" % (where, i), problems)


def main():
    schema = json.load(open(sys.argv[1]))
    bad = 0
    for path in sys.argv[2:]:
        problems = []
        try:
            doc = json.load(open(path))
        except ValueError as e:
            problems.append("not JSON: %s" % e)
        else:
            check(schema, doc, "$", problems)
        for p in problems:
            print("%s: %s" % (path, p))
        bad += len(problems) > 0
    sys.exit(1 if bad else 0)


main()
