# splev: level and dungeon compilers, loader and generator.
# Plain GNU make.  Everything is built under $(BUILD) (default build/).
#
#   make              binaries, library, and dat/ compiled into build/dat/
#   make check        every test
#   make check-asan   every test, built with AddressSanitizer + UBSan
#   make run          the main job on the bundled dat/ files
#   make web          the playground: the library as WebAssembly and a page
#                     (build/web/index.html; make deps-web, make check-web)
#   make install      PREFIX=/usr/local DESTDIR=
#
# Layout conventions the rules below rely on:
#   grammar/NAME.l -> $(BUILD)/gen/NAME_lex.[ch]    (flex)
#   grammar/NAME.y -> $(BUILD)/gen/NAME_parse.[ch]  (bison)
#   src/STAGE/*.c  -> libsplev.a, libsplev.so (every folder but src/cli)
#   src/cli/PROG.c -> $(BUILD)/bin/PROG
#   tests/unit/T.c -> $(BUILD)/tests/T, run by tests/run.sh

BUILD   ?= build
CC      ?= cc
AR      ?= ar
FLEX    ?= flex
BISON   ?= bison
CFLAGS  ?= -O2 -g
LDFLAGS ?=
WERROR  ?=
SAN     ?=
PREFIX  ?= /usr/local
DESTDIR ?=

WARN      = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
ALL_CFLAGS = -std=c11 $(WARN) $(WERROR) $(CFLAGS) $(SAN) \
             -Iinclude -Isrc -I$(BUILD)/gen -MMD -MP
ALL_LDFLAGS = $(LDFLAGS) $(SAN)
# The programs are linked statically where the C library allows it: a game
# build starts lev_comp once per des-file, and the dynamic loader's work
# (mapping libc and libm, relocating) was a third of the CPU such a start
# costs (doc/performance.md, "Starting a process").  Not with sanitizers,
# not under valgrind (memcheck replaces malloc only in a dynamic program);
# STATIC= turns it off.
ifeq ($(origin STATIC),undefined)
STATIC := $(shell printf 'int main(void){return 0;}\n' | \
            $(CC) -static -x c -o /dev/null - >/dev/null 2>&1 && echo -static)
endif
BIN_LDFLAGS = $(ALL_LDFLAGS) $(if $(SAN),,$(STATIC))

GRAMMARS_L := $(wildcard grammar/*.l)
GRAMMARS_Y := $(wildcard grammar/*.y)
GEN_C   := $(patsubst grammar/%.l,$(BUILD)/gen/%_lex.c,$(GRAMMARS_L)) \
           $(patsubst grammar/%.y,$(BUILD)/gen/%_parse.c,$(GRAMMARS_Y))
GEN_H   := $(GEN_C:.c=.h) $(BUILD)/gen/lev_words.h

LIB_SRC := $(filter-out src/cli/%,$(wildcard src/*/*.c))
CLI_SRC := $(wildcard src/cli/*.c)
LIB_OBJ := $(patsubst src/%.c,$(BUILD)/obj/%.o,$(LIB_SRC)) \
           $(patsubst $(BUILD)/gen/%.c,$(BUILD)/obj/_gen/%.o,$(GEN_C))
CLI_OBJ := $(patsubst src/%.c,$(BUILD)/obj/%.o,$(CLI_SRC))
# The library is compiled position-independent with hidden visibility:
# only what include/ marks SPLEV_API (all named splev_*) is exported.
#   libsplev.a          the public archive: one relocatable object whose
#                       hidden symbols are made local, so a game's own
#                       xmalloc or json_string cannot clash with ours
#   libsplev.so.$(SO_VERSION) the shared library (soname libsplev.so.$(SO_MAJOR))
#   libsplev-internal.a every object as it is, for the programs and the
#                       unit tests, which call the stages' internals
SO_MAJOR   := 0
SO_VERSION := 0.1.0
LIB_CFLAGS := -fPIC -fvisibility=hidden
LIB     := $(BUILD)/lib/libsplev.a
LIB_INT := $(BUILD)/lib/libsplev-internal.a
LIB_SO  := $(BUILD)/lib/libsplev.so.$(SO_VERSION)
LIB_SO_LINKS := $(BUILD)/lib/libsplev.so.$(SO_MAJOR) $(BUILD)/lib/libsplev.so
LIBS_PUBLIC := $(LIB) $(LIB_SO) $(LIB_SO_LINKS)
LD      ?= ld
OBJCOPY ?= objcopy
BINS    := $(patsubst src/cli/%.c,$(BUILD)/bin/%,$(CLI_SRC))

UNIT_SRC := $(wildcard tests/unit/*.c)
UNIT_BIN := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRC))

DAT_DGN := $(BUILD)/dat/dungeon
# The example levels: every dat/*.des compiled by one lev_comp run into
# $(BUILD)/dat/NAME.lev (and vaults.dat); dat/*.inc are INCLUDEd by them.
# The stamp records that run.  `make run` shows the DAT_SHOW levels.
DAT_DES   := $(wildcard dat/*.des)
DAT_INC   := $(wildcard dat/*.inc)
DAT_STAMP := $(BUILD)/dat/levels.stamp
DAT_SHOW  ?= gatehall spire3

.PHONY: all lib dat check check-asan run install uninstall clean tools-check deps
.DELETE_ON_ERROR:
# Generated scanners and parsers, and the programs' objects, are kept.
.SECONDARY: $(GEN_C) $(GEN_H) $(CLI_OBJ)

# Editors' syntax files, made from the scanners' keyword tables
# (grammar/keywords.sh, grammar/mksyntax.sh): Vim and TextMate.
ED      := $(BUILD)/editors
SYNTAX  := $(ED)/vim/syntax/splevdes.vim $(ED)/vim/syntax/splevdgn.vim \
           $(ED)/vim/ftdetect/splev.vim \
           $(ED)/textmate/splevdes.tmLanguage.json \
           $(ED)/textmate/splevdgn.tmLanguage.json

all: $(LIBS_PUBLIC) $(BINS) dat $(SYNTAX)

lib: $(LIBS_PUBLIC)

# ---- set-up: the build tools, installed with apt-get when missing ----
deps:
	@missing=""; \
	 for t in flex bison; do command -v $$t >/dev/null 2>&1 || missing="$$missing $$t"; done; \
	 command -v cc >/dev/null 2>&1 || missing="$$missing gcc"; \
	 if [ -n "$$missing" ]; then \
	   if ! command -v apt-get >/dev/null 2>&1; then \
	     echo "make: please install:$$missing"; exit 1; fi; \
	   sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	   echo "make: installing$$missing"; \
	   $$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	   $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	 fi

# ---- generated scanners and parsers ----
tools-check:
	@command -v $(FLEX) >/dev/null 2>&1 || { \
	  echo "make: flex (>= 2.6) is needed to build the scanners."; \
	  echo "      Install it with: apt-get install flex"; exit 1; }
	@command -v $(BISON) >/dev/null 2>&1 || { \
	  echo "make: bison (>= 3.0) is needed to build the parsers."; \
	  echo "      Install it with: apt-get install bison"; exit 1; }
	@v=$$($(FLEX) --version | sed 's/[^0-9.]*//; s/ .*//'); \
	 case $$v in 0.*|1.*|2.[0-5]|2.[0-5].*) \
	  echo "make: flex $$v is too old; 2.6 or newer is needed (apt-get install flex)"; exit 1;; esac
	@v=$$($(BISON) --version | sed -n '1s/.* //p'); \
	 case $$v in [0-2].*) \
	  echo "make: bison $$v is too old; 3.0 or newer is needed (apt-get install bison)"; exit 1;; esac

$(BUILD)/gen/%_lex.c $(BUILD)/gen/%_lex.h: grammar/%.l | tools-check
	@mkdir -p $(BUILD)/gen
	$(FLEX) --header-file=$(BUILD)/gen/$*_lex.h -o $(BUILD)/gen/$*_lex.c $<

$(BUILD)/gen/%_parse.c $(BUILD)/gen/%_parse.h: grammar/%.y | tools-check
	@mkdir -p $(BUILD)/gen
	$(BISON) -Wall -Werror --defines=$(BUILD)/gen/$*_parse.h \
	    -o $(BUILD)/gen/$*_parse.c $<

# ---- the scanners' words: suggestions and syntax files ----
$(BUILD)/gen/des_words.txt: grammar/lev.l grammar/keywords.sh
	@mkdir -p $(dir $@)
	sh grammar/keywords.sh $< >$@

$(BUILD)/gen/dgn_words.txt: grammar/dgn.l grammar/keywords.sh
	@mkdir -p $(dir $@)
	sh grammar/keywords.sh $< >$@

# every word of lev.l as C strings, for "did you mean" (grammar/lev.y)
$(BUILD)/gen/lev_words.h: $(BUILD)/gen/des_words.txt
	sed 's/.*/    "&",/' $< >$@

SYNTAX_TITLE = "$(if $(filter des,$*),splev des-file,splev dungeon description)"
SYNTAX_EXT   = $(if $(filter des,$*),des,def)

$(ED)/vim/syntax/splev%.vim: $(BUILD)/gen/%_words.txt grammar/mksyntax.sh
	@mkdir -p $(dir $@)
	sh grammar/mksyntax.sh vim splev$* $(SYNTAX_TITLE) $(SYNTAX_EXT) $< >$@

$(ED)/textmate/splev%.tmLanguage.json: $(BUILD)/gen/%_words.txt grammar/mksyntax.sh
	@mkdir -p $(dir $@)
	sh grammar/mksyntax.sh textmate splev$* $(SYNTAX_TITLE) $(SYNTAX_EXT) $< >$@

$(ED)/vim/ftdetect/splev.vim: editors/ftdetect.vim
	@mkdir -p $(dir $@)
	cp $< $@

# ---- objects, library, programs ----
# Every object waits for every generated header, so -j is safe.
$(BUILD)/obj/%.o: src/%.c | $(GEN_H)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LIB_CFLAGS) -c -o $@ $<

$(BUILD)/obj/cli/%.o: src/cli/%.c | $(GEN_H)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/obj/_gen/%.o: $(BUILD)/gen/%.c | $(GEN_H)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LIB_CFLAGS) -c -o $@ $<

$(LIB_INT): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

$(LIB): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ $(BUILD)/lib/splev.o
	$(LD) -r -o $(BUILD)/lib/splev.o $^
	$(OBJCOPY) --localize-hidden $(BUILD)/lib/splev.o
	$(AR) rcs $@ $(BUILD)/lib/splev.o
	rm -f $(BUILD)/lib/splev.o

$(LIB_SO): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) -shared $(ALL_LDFLAGS) -Wl,-soname,libsplev.so.$(SO_MAJOR) \
	    -o $@ $^ -lm

$(LIB_SO_LINKS): $(LIB_SO)
	ln -sf libsplev.so.$(SO_VERSION) $@

$(BUILD)/bin/%: $(BUILD)/obj/cli/%.o $(LIB_INT)
	@mkdir -p $(dir $@)
	$(CC) $(BIN_LDFLAGS) -o $@ $< $(LIB_INT) -lm

$(BUILD)/tests/%: tests/unit/%.c $(LIB_INT) | $(GEN_H)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MF $@.d $(ALL_LDFLAGS) -o $@ $< $(LIB_INT) -lm

$(BUILD)/bench/%: tests/bench/%.c $(LIB_INT) | $(GEN_H)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MF $@.d $(ALL_LDFLAGS) -o $@ $< $(LIB_INT) -lm

# ---- the bundled data, as a game build compiles it ----
dat: $(DAT_DGN) $(DAT_STAMP)

$(DAT_STAMP): $(DAT_DES) $(DAT_INC) $(BUILD)/bin/lev_comp
	@mkdir -p $(dir $@)
	$(BUILD)/bin/lev_comp -o $(BUILD)/dat $(DAT_DES)
	@touch $@

$(DAT_DGN): dat/dungeon.def $(BUILD)/bin/dgn_comp
	@mkdir -p $(dir $@)
	$(BUILD)/bin/dgn_comp -o $@ dat/dungeon.def

# ---- tests ----
check: all $(UNIT_BIN)
	SPLEV_BUILD=$(BUILD) SPLEV_SAN="$(SAN)" sh tests/run.sh

# Sanitized programs are ~10x slower: the whole-dungeon suite runs fewer
# seeds there (the corpus-level checker picks its own count).
check-asan:
	SPLEV_WORLD_SEEDS=3 $(MAKE) BUILD=build-asan CFLAGS="-O1 -g" \
	    SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	    check

run: all
	$(BUILD)/bin/levgen --dungeon $(DAT_DGN) --seed 1
	$(BUILD)/bin/levgen --dungeon $(DAT_DGN) --levels $(BUILD)/dat --seed 1 \
	    --all --format html --out $(BUILD)
	@echo "the whole dungeon, every level as a map: $(BUILD)/dungeon.html"
	@for l in $(DAT_SHOW); do \
	  echo "$(BUILD)/bin/levgen --seed 1 $(BUILD)/dat/$$l.lev"; \
	  $(BUILD)/bin/levgen --seed 1 $(BUILD)/dat/$$l.lev || exit 1; done

# What `make install` puts where (DESTDIR for staged installs):
#   lib/        libsplev.a, libsplev.so.$(SO_VERSION) and its two links
#   lib/pkgconfig/splev.pc   (`pkg-config --cflags --libs splev`)
#   include/    splev.h and splev/*.h
#   share/man/man6, share/doc/splev   the manual pages and the documents
#                                     they refer to
#   share/splev/names   the games' names tables
#   share/vim/vimfiles  syntax/splevdes.vim, splevdgn.vim, ftdetect/splev.vim
#   share/splev/textmate  the TextMate grammars (VS Code and others)
#   PYTHONDIR/splev     the Python package
LIBDIR    ?= $(PREFIX)/lib
INCDIR    ?= $(PREFIX)/include
DATADIR   ?= $(PREFIX)/share
PYTHONDIR ?= $(LIBDIR)/python3/dist-packages
DOCS      := $(wildcard doc/*.md doc/*.png)
NAMES_TSV := $(wildcard dat/names/*.tsv)
PY_SRC    := $(wildcard python/splev/*.py)

# Written on every install: it records PREFIX.
.PHONY: $(BUILD)/lib/splev.pc
$(BUILD)/lib/splev.pc:
	@mkdir -p $(dir $@)
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' \
	    'includedir=$(INCDIR)' 'datadir=$(DATADIR)/splev' '' \
	    'Name: splev' \
	    'Description: NetHack-family special-level compilers and generator' \
	    'Version: $(SO_VERSION)' 'Cflags: -I$${includedir}' \
	    'Libs: -L$${libdir} -lsplev -lm' >$@

install: all $(BUILD)/lib/splev.pc
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(LIBDIR)/pkgconfig \
	    $(DESTDIR)$(INCDIR)/splev $(DESTDIR)$(DATADIR)/man/man6 \
	    $(DESTDIR)$(DATADIR)/doc/splev $(DESTDIR)$(DATADIR)/splev/names
	install -m 755 $(BINS) $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(LIB) $(DESTDIR)$(LIBDIR)/
	install -m 755 $(LIB_SO) $(DESTDIR)$(LIBDIR)/
	ln -sf libsplev.so.$(SO_VERSION) $(DESTDIR)$(LIBDIR)/libsplev.so.$(SO_MAJOR)
	ln -sf libsplev.so.$(SO_MAJOR) $(DESTDIR)$(LIBDIR)/libsplev.so
	install -m 644 $(BUILD)/lib/splev.pc $(DESTDIR)$(LIBDIR)/pkgconfig/
	install -m 644 include/splev.h $(DESTDIR)$(INCDIR)/
	install -m 644 include/splev/*.h $(DESTDIR)$(INCDIR)/splev/
	install -m 644 doc/*.6 $(DESTDIR)$(DATADIR)/man/man6/
	install -m 644 $(DOCS) $(DESTDIR)$(DATADIR)/doc/splev/
	$(if $(NAMES_TSV),install -m 644 $(NAMES_TSV) $(DESTDIR)$(DATADIR)/splev/names/)
	install -d $(DESTDIR)$(DATADIR)/vim/vimfiles/syntax \
	    $(DESTDIR)$(DATADIR)/vim/vimfiles/ftdetect $(DESTDIR)$(DATADIR)/splev/textmate
	install -m 644 $(ED)/vim/syntax/*.vim $(DESTDIR)$(DATADIR)/vim/vimfiles/syntax/
	install -m 644 $(ED)/vim/ftdetect/splev.vim $(DESTDIR)$(DATADIR)/vim/vimfiles/ftdetect/
	install -m 644 $(ED)/textmate/*.json $(DESTDIR)$(DATADIR)/splev/textmate/
	$(if $(PY_SRC),install -d $(DESTDIR)$(PYTHONDIR)/splev && \
	    install -m 644 $(PY_SRC) $(DESTDIR)$(PYTHONDIR)/splev/)

uninstall:
	rm -f $(patsubst $(BUILD)/bin/%,$(DESTDIR)$(PREFIX)/bin/%,$(BINS)) \
	    $(DESTDIR)$(LIBDIR)/libsplev.a $(DESTDIR)$(LIBDIR)/libsplev.so* \
	    $(DESTDIR)$(LIBDIR)/pkgconfig/splev.pc $(DESTDIR)$(INCDIR)/splev.h \
	    $(patsubst doc/%,$(DESTDIR)$(DATADIR)/man/man6/%,$(wildcard doc/*.6)) \
	    $(DESTDIR)$(DATADIR)/vim/vimfiles/syntax/splevdes.vim \
	    $(DESTDIR)$(DATADIR)/vim/vimfiles/syntax/splevdgn.vim \
	    $(DESTDIR)$(DATADIR)/vim/vimfiles/ftdetect/splev.vim
	rm -rf $(DESTDIR)$(INCDIR)/splev $(DESTDIR)$(DATADIR)/doc/splev \
	    $(DESTDIR)$(DATADIR)/splev $(DESTDIR)$(PYTHONDIR)/splev

clean:
	rm -rf $(BUILD) build-asan

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(UNIT_BIN:=.d)

# ---- hardening: fuzzing and valgrind ----
#   make fuzz            libFuzzer harnesses tests/fuzz/fuzz_*.c (clang) in
#                        $(BUILD)/fuzz/, and their seed corpora there
#   make check-fuzz      a short run (FUZZ_TIME seconds) of each harness;
#                        skipped when clang or libFuzzer is missing
#   make fuzz-long       a campaign: each harness in turn for FUZZ_LONG
#                        seconds (default 600) under nice -n 19, keeping
#                        its working corpus; a summary line per harness
#   make check-valgrind  every test under valgrind memcheck
# doc/fuzzing.md tells how to run the harnesses for longer.
FUZZ_CC   ?= clang
FUZZ_TIME ?= 30
FUZZ_SAN  ?= -fsanitize=address,undefined -fno-sanitize-recover=all \
             -fno-omit-frame-pointer
FUZZ_DIR   = $(BUILD)/fuzz
FUZZ_CFLAGS = -std=c11 $(WARN) $(WERROR) -O1 -g $(FUZZ_SAN) \
              -fsanitize=fuzzer-no-link -Iinclude -Isrc -I$(BUILD)/gen \
              -Itests/fuzz -MMD -MP

# The finished stages: harnesses 2, 3 and 4 link only these, so they build
# while other stages are being written.
FUZZ_CORE_DIRS := common rng dgn_front dgn_emit dgn_load layout levcode level \
                  variant
FUZZ_CORE_SRC := $(wildcard $(patsubst %,src/%/*.c,$(FUZZ_CORE_DIRS)))
FUZZ_CORE_OBJ := $(patsubst src/%.c,$(FUZZ_DIR)/obj/%.o,$(FUZZ_CORE_SRC)) \
                 $(FUZZ_DIR)/obj/_gen/dgn_lex.o $(FUZZ_DIR)/obj/_gen/dgn_parse.o
FUZZ_FULL_OBJ := $(patsubst src/%.c,$(FUZZ_DIR)/obj/%.o,$(LIB_SRC)) \
                 $(patsubst $(BUILD)/gen/%.c,$(FUZZ_DIR)/obj/_gen/%.o,$(GEN_C))

# Harness 1 (des source) is built once the des compiler (splev/levcomp.h)
# or at least its front end (lev_parse_buffer) can work in memory.
FUZZ_DES := $(wildcard include/splev/levcomp.h)$(if $(wildcard \
              src/lev_front/*.c),$(shell grep -l \
              '^lev_file \*lev_parse_buffer' src/lev_front/*.c 2>/dev/null))
FUZZ_HARNESSES := dgn_src dgn_bin lev_bin classic_lev \
                  $(if $(FUZZ_DES),des_parse des_run)
FUZZ_BINS := $(patsubst %,$(FUZZ_DIR)/fuzz_%,$(FUZZ_HARNESSES))
FUZZ_GEN_H := $(GEN_H)

FUZZ_LONG ?= 600

.PHONY: fuzz fuzz-corpus check-fuzz check-valgrind fuzz-long

fuzz: $(FUZZ_BINS) fuzz-corpus

fuzz-corpus:
	sh tests/fuzz/corpus.sh $(BUILD) $(FUZZ_HARNESSES)

$(FUZZ_DIR)/obj/%.o: src/%.c | $(FUZZ_GEN_H)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

$(FUZZ_DIR)/obj/_gen/%.o: $(BUILD)/gen/%.c | $(FUZZ_GEN_H)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

# The flex scanners are table-driven: tracing their comparisons (a state
# number against 0 for every byte) teaches the fuzzer nothing (the
# dictionaries give it the keywords) and took three quarters of the des
# harnesses' time.  Their edges are still counted.
$(FUZZ_DIR)/obj/_gen/%_lex.o: $(BUILD)/gen/%_lex.c | $(FUZZ_GEN_H)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fno-sanitize-coverage=trace-cmp -c -o $@ $<

$(FUZZ_DIR)/libcore.a: $(FUZZ_CORE_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

$(FUZZ_DIR)/libfull.a: $(FUZZ_FULL_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

# Harnesses that reach stages still being written (the des front end, the
# interpreter) link the whole library; the others only the finished stages.
FUZZ_FULL_H := $(if $(FUZZ_DES),des_parse des_run) classic_lev \
               $(if $(wildcard include/splev/interp.h),lev_bin)
FUZZ_CORE_H := $(filter-out $(FUZZ_FULL_H),$(FUZZ_HARNESSES))

$(patsubst %,$(FUZZ_DIR)/fuzz_%,$(FUZZ_FULL_H)): $(FUZZ_DIR)/fuzz_%: \
        tests/fuzz/fuzz_%.c $(FUZZ_DIR)/libfull.a
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MF $@.d -fsanitize=fuzzer -o $@ $< \
	    $(FUZZ_DIR)/libfull.a -lm

$(patsubst %,$(FUZZ_DIR)/fuzz_%,$(FUZZ_CORE_H)): $(FUZZ_DIR)/fuzz_%: \
        tests/fuzz/fuzz_%.c $(FUZZ_DIR)/libcore.a
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MF $@.d -fsanitize=fuzzer -o $@ $< \
	    $(FUZZ_DIR)/libcore.a -lm

check-fuzz:
	@if sh tests/fuzz/have_libfuzzer.sh $(FUZZ_CC); then \
	    $(MAKE) BUILD=$(BUILD) fuzz && \
	    sh tests/fuzz/run.sh $(BUILD) smoke $(FUZZ_TIME) $(FUZZ_HARNESSES); \
	else \
	    echo "check-fuzz: skipped: $(FUZZ_CC) with libFuzzer is not available"; \
	fi

fuzz-long:
	@if sh tests/fuzz/have_libfuzzer.sh $(FUZZ_CC); then \
	    $(MAKE) BUILD=$(BUILD) fuzz && \
	    nice -n 19 sh tests/fuzz/run.sh $(BUILD) long $(FUZZ_LONG) $(FUZZ_HARNESSES); \
	else \
	    echo "fuzz-long: skipped: $(FUZZ_CC) with libFuzzer is not available"; \
	fi

# The suites run programs through tests/valgrind.sh (SPLEV_WRAP), in a
# build of their own without sanitizers: every unit program but the
# VALGRIND_SKIP ones, and one in VALGRIND_EVERY of the suites' calls
# (tests/lib.sh, sampled_wrap); the others still run and are checked,
# without memcheck.  The ASan run covers every call.
# Every report also goes to $(BUILD)-valgrind/valgrind.log, which must stay
# empty (some suites compare files without looking at a program's status).
VALGRIND_EVERY ?= 15
VALGRIND_SKIP ?= test_voronoi test_foreign_corpus test_runner
check-valgrind:
	@command -v valgrind >/dev/null 2>&1 || { \
	  echo "make: valgrind is needed (apt-get install valgrind)"; exit 1; }
	@mkdir -p $(BUILD)-valgrind && : >$(BUILD)-valgrind/valgrind.log
	SPLEV_WRAP="sh $(CURDIR)/tests/valgrind.sh" \
	SPLEV_VALGRIND_LOG=$(CURDIR)/$(BUILD)-valgrind/valgrind.log \
	SPLEV_CORPUS_SEEDS=2 SPLEV_WORLD_SEEDS=2 SPLEV_WRAP_EVERY=$(VALGRIND_EVERY) \
	SPLEV_WRAP_SKIP="$(VALGRIND_SKIP)" \
	    $(MAKE) BUILD=$(BUILD)-valgrind CFLAGS="-O1 -g" SAN= STATIC= check
	@if [ -s $(BUILD)-valgrind/valgrind.log ]; then \
	  echo "check-valgrind: memcheck reports in $(BUILD)-valgrind/valgrind.log"; \
	  exit 1; fi

-include $(FUZZ_CORE_OBJ:.o=.d) $(FUZZ_FULL_OBJ:.o=.d) $(FUZZ_BINS:=.d)

# ---- benchmark (not part of check): lev_comp on the corpus and on
# generated 100 KB, 1 MB and 10 MB levels; instructions, time, memory;
# a game build's recompile on disk beside the game's own lev_comp; levgen
# writing 100,000 minefill levels as JSONL (levels/s, MB/s); the Sheol
# filler against its floor ----
.PHONY: bench
bench: $(BUILD)/bin/lev_comp $(BUILD)/bin/levgen $(BUILD)/bin/dgn_comp \
       $(BUILD)/bench/bench_sheol
	sh tests/bench.sh $(BUILD)
	$(BUILD)/bench/bench_sheol
	sh tests/bench_disk.sh $(BUILD)
	sh tests/bench_jsonl.sh $(BUILD)
	sh tests/bench_stats.sh $(BUILD)

# ---- the dungeon page in a real browser (not part of check): headless
# Chromium loads build/dungeon.html, checks every map rendered and takes
# a screenshot ----
.PHONY: check-browser
check-browser: all
	sh tests/browser.sh $(BUILD)

# ---- the playground (web/): the library built to WebAssembly with
# emscripten and a page to edit a des-file and see its level ----
#   make deps-web    emscripten and chromium, installed with apt-get
#   make web         $(WEB)/splev.wasm, its loader splev.js, the wasm again
#                    as splev-wasm.js (for file://) and index.html
#   make check-web   the page in headless Chromium against levgen, byte
#                    for byte (skipped when emcc or chromium is missing)
# Only the stages the page runs are compiled (WEB_DIRS): des-file
# compiler, interpreter, generators, level outputs and the exporters.
EMCC      ?= emcc
WEB       := $(BUILD)/web
WEB_DIRS  := common rng levcode lev_front lev_check lev_emit interp level \
             names variant gen export import classic levcomp foreign
WEB_SRC   := $(wildcard $(patsubst %,src/%/*.c,$(WEB_DIRS)))
WEB_OBJ   := $(patsubst src/%.c,$(WEB)/obj/%.o,$(WEB_SRC)) \
             $(WEB)/obj/_gen/lev_lex.o $(WEB)/obj/_gen/lev_parse.o \
             $(WEB)/obj/entry.o
WEB_CFLAGS = -std=c11 $(WARN) $(WERROR) -O2 -Iinclude -Isrc -I$(BUILD)/gen \
             -MMD -MP
WEB_EXPORTS := _web_compile,_web_run,_web_error,_web_variants,_web_version
# The bundled examples and their include files, at /dat in the page's
# file system (the page's example buttons read them there).
WEB_FILES := $(DAT_DES) $(DAT_INC)
WEB_PAGE  := $(WEB)/index.html $(WEB)/app.js $(WEB)/style.css \
             $(WEB)/keywords.js
WEB_LDFLAGS := -O2 -sMODULARIZE=1 -sEXPORT_NAME=SplevModule \
    -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=web,node \
    -sEXPORTED_FUNCTIONS=$(WEB_EXPORTS) \
    -sEXPORTED_RUNTIME_METHODS=ccall,FS \
    $(foreach f,$(WEB_FILES),--embed-file $(f)@/dat/$(notdir $(f)))

.PHONY: web deps-web check-web

web: $(WEB)/splev.js $(WEB)/splev-wasm.js $(WEB_PAGE)

deps-web:
	@missing=""; \
	 command -v $(EMCC) >/dev/null 2>&1 || missing="$$missing emscripten"; \
	 command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	 if [ -n "$$missing" ]; then \
	   sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	   echo "make: installing$$missing (emscripten is about 800 MB)"; \
	   $$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	   $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	       $$missing >/dev/null; \
	 fi

$(WEB)/obj/%.o: src/%.c | $(GEN_H)
	@mkdir -p $(dir $@)
	$(EMCC) $(WEB_CFLAGS) -c -o $@ $<

$(WEB)/obj/_gen/%.o: $(BUILD)/gen/%.c | $(GEN_H)
	@mkdir -p $(dir $@)
	$(EMCC) $(WEB_CFLAGS) -c -o $@ $<

$(WEB)/obj/entry.o: web/entry.c | $(GEN_H)
	@mkdir -p $(dir $@)
	$(EMCC) $(WEB_CFLAGS) -c -o $@ $<

# emcc's JavaScript optimizer needs acorn, which Debian keeps in
# /usr/share/nodejs: a node not from Debian does not look there.
$(WEB)/splev.js: $(WEB_OBJ) $(WEB_FILES)
	NODE_PATH=/usr/share/nodejs$${NODE_PATH:+:$$NODE_PATH} \
	    $(EMCC) $(WEB_LDFLAGS) -o $@ $(WEB_OBJ)

# splev.wasm as a script: a page opened from file:// may not fetch it
$(WEB)/splev-wasm.js: $(WEB)/splev.js
	{ printf 'var SPLEV_WASM_BASE64 = "'; base64 -w0 $(WEB)/splev.wasm; \
	  printf '";\n'; } >$@

# The entry layer built natively too, for its unit test in make check:
# CI without emscripten still compiles and checks it.
$(BUILD)/obj/web/entry.o: web/entry.c | $(GEN_H)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# It links only the objects of WEB_DIRS, as the page does, so a stage
# the page needs but WEB_DIRS lacks fails here and not only under emcc.
WEB_NATIVE_OBJ := $(patsubst src/%.c,$(BUILD)/obj/%.o,$(WEB_SRC)) \
                  $(BUILD)/obj/_gen/lev_lex.o $(BUILD)/obj/_gen/lev_parse.o
$(BUILD)/tests/test_web_entry: tests/unit/test_web_entry.c \
        $(BUILD)/obj/web/entry.o $(WEB_NATIVE_OBJ) | $(GEN_H)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Iweb -MF $@.d $(ALL_LDFLAGS) -o $@ $< \
	    $(BUILD)/obj/web/entry.o $(WEB_NATIVE_OBJ) -lm

# the scanner's words, for the editor's highlighting
$(WEB)/keywords.js: $(BUILD)/gen/des_words.txt
	@mkdir -p $(dir $@)
	{ printf 'var SPLEV_KEYWORDS = [\n'; sed 's/.*/  "&",/' $<; \
	  printf '];\n'; } >$@

$(WEB)/%: web/%
	@mkdir -p $(dir $@)
	cp $< $@

check-web:
	@if ! command -v $(EMCC) >/dev/null 2>&1; then \
	  echo "check-web: skipped: no emcc (make deps-web)"; \
	elif ! command -v chromium >/dev/null 2>&1; then \
	  echo "check-web: skipped: no chromium (make deps-web)"; \
	elif ! command -v python3 >/dev/null 2>&1; then \
	  echo "check-web: skipped: no python3"; \
	else \
	  $(MAKE) BUILD=$(BUILD) all web && python3 tests/web/check.py $(BUILD); \
	fi

-include $(WEB_OBJ:.o=.d) $(BUILD)/obj/web/entry.d
