# msc — one non-recursive Makefile. Everything is built under $(O).
#
#   make            build $(O)/msc
#   make test       the whole suite, then again under ASan+UBSan (build-san/)
#   make test SANITIZE=1   only the sanitizer pass
#   make demo       run the bundled sample (train, compile to C, self-test)
#   make bench      performance figures beside their references (never in test)
#   make firmware-test   generated C of the sample models on a Cortex-M4F
#                   under QEMU (mps2-an386): self-tests, flash/RAM figures
#   make coverage   gcov: grammar rules reduced, diagnostic sites hit
#   make fuzz FUZZ_SECONDS=N   every libFuzzer target fuzz/*.c for N seconds
#                   each (default 60), one after the other; build/fuzz/summary.txt
#   make install    PREFIX=/usr/local DESTDIR=
#   make clean

SANITIZE ?=
COVERAGE ?=
FUZZ ?=
ifeq ($(FUZZ),1)
O ?= build-fuzz
else ifeq ($(SANITIZE),1)
O ?= build-san
else ifeq ($(COVERAGE),1)
O ?= build-cov
else
O ?= build
endif

CC ?= cc
PREFIX ?= /usr/local
FLEX ?= flex
BISON ?= bison

WARN := -Wall -Wextra -Wshadow -Wmissing-prototypes -Wstrict-prototypes -Werror
BASEFLAGS := -std=c11 -D_GNU_SOURCE -g -I. -I$(O)
OPT ?= -O2
ifeq ($(SANITIZE),1)
OPT := -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
LDSAN := -fsanitize=address,undefined
endif
ifeq ($(COVERAGE),1)
OPT := -O0 --coverage
LDSAN := --coverage
endif
# libFuzzer (clang's compiler-rt): every object instrumented for coverage,
# ASan and UBSan; the targets link -fsanitize=fuzzer (fuzz/*.c).
ifeq ($(FUZZ),1)
CC := clang
OPT := -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
LDSAN := -fsanitize=address,undefined
endif
CFLAGS_ALL = $(BASEFLAGS) $(OPT) $(CFLAGS)
# flex/bison output is not ours to fix: keep -Werror, drop the noisy ones.
GENWARN := -Wall -Wextra -Werror -Wno-unused-function -Wno-sign-compare \
           -Wno-unused-parameter -Wno-missing-prototypes
LDLIBS := -lm -lpthread -ldl -lz

SRCS := $(wildcard frontend/*.c eval/*.c ir/*.c passes/*.c codegen/*.c driver/*.c runtime/*.c serial/*.c)
GEN_C := $(O)/frontend/lexer.c $(O)/frontend/parser.c $(O)/lib_embed.c $(O)/msrt_embed.c $(O)/msrt_src_embed.c \
         $(O)/msrt_amalg_embed.c
OBJS := $(SRCS:%.c=$(O)/%.o) $(GEN_C:.c=.o)
LIB_OBJS := $(filter-out $(O)/driver/%,$(OBJS))
DEPS := $(OBJS:.o=.d)

UNIT_SRCS := $(wildcard tests/unit/*.c)
UNIT_BINS := $(UNIT_SRCS:%.c=$(O)/%)

all: tools-check $(O)/msc $(O)/msc-opt-core

# The executable's dynamic symbols: the runtime's msrt_*, which JIT'd graphs
# bind to, and nothing else of msc (driver/msc.dynlist; checked by
# scripts/check-symbols.sh). The unit tests are linked the same way.
DYNLIST := driver/msc.dynlist
LDEXPORT := -Wl,--dynamic-list=$(DYNLIST)

$(O)/msc: $(OBJS) $(DYNLIST)
	$(CC) $(OPT) -o $@ $(OBJS) $(LDSAN) $(LDLIBS) $(LDEXPORT)

# The layering check: `msc opt` linked from the compiler's core alone (no
# eval/, no Python frontend). An upward call from ir/, passes/ or codegen/
# into the interpreter fails this link (driver/core/msc_opt_core.c).
CORE_OBJS := $(filter $(O)/ir/% $(O)/passes/% $(O)/codegen/% $(O)/runtime/%,$(OBJS)) \
             $(O)/frontend/util.o $(O)/frontend/diag.o $(O)/frontend/limits.o $(O)/serial/atomic_out.o $(O)/serial/sha256.o $(O)/msrt_embed.o $(O)/msrt_src_embed.o \
             $(O)/msrt_amalg_embed.o
$(O)/msc-opt-core: $(O)/driver/core/msc_opt_core.o $(CORE_OBJS)
	$(CC) $(OPT) -o $@ $^ $(LDSAN) -lm -ldl

$(O)/%.o: %.c | tools-check
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(WARN) -MMD -MP -c -o $@ $<

# runtime/ is carried into firmware by generated code: it meets the stricter
# standard of DESIGN.md (C99, -Wpedantic -Wconversion).
RTWARN := -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Wmissing-prototypes -Wstrict-prototypes -Werror
$(O)/runtime/%.o: runtime/%.c | tools-check
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(RTWARN) -MMD -MP -c -o $@ $<

# Generated scanner and parser (only ever under $(O)).
$(O)/frontend/parser.c $(O)/frontend/parser.h &: frontend/parser.y | tools-check
	@mkdir -p $(dir $@)
	$(BISON) -Wall -Werror --defines=$(O)/frontend/parser.h -o $(O)/frontend/parser.c $<

$(O)/frontend/lexer.c $(O)/frontend/lexer.h &: frontend/lexer.l | tools-check
	@mkdir -p $(dir $@)
	$(FLEX) --header-file=$(O)/frontend/lexer.h -o $(O)/frontend/lexer.c $<

$(O)/frontend/lexer.o: $(O)/frontend/lexer.c $(O)/frontend/parser.h
	$(CC) $(CFLAGS_ALL) $(GENWARN) -MMD -MP -c -o $@ $<
$(O)/frontend/parser.o: $(O)/frontend/parser.c $(O)/frontend/lexer.h
	$(CC) $(CFLAGS_ALL) $(GENWARN) -MMD -MP -c -o $@ $<
# Hand-written files that include the generated headers.
$(O)/frontend/parse_util.o $(O)/frontend/fstring.o: $(O)/frontend/parser.h $(O)/frontend/lexer.h

# lib/ (mindspore, numpy in the Python subset) embedded as a C table.
LIB_PY := $(shell find lib -name '*.py' 2>/dev/null)
$(O)/lib_embed.c: scripts/embed-lib.py $(LIB_PY) | tools-check
	@mkdir -p $(dir $@)
	/usr/bin/python3 scripts/embed-lib.py lib $@
$(O)/lib_embed.o: $(O)/lib_embed.c
	$(CC) $(CFLAGS_ALL) $(WARN) -MMD -MP -c -o $@ $<

# runtime/msrt.h embedded for the JIT, which writes it into its cache.
$(O)/msrt_embed.c: scripts/embed-file.py runtime/msrt.h | tools-check
	@mkdir -p $(dir $@)
	/usr/bin/python3 scripts/embed-file.py msc_msrt_h runtime/msrt.h $@ codegen/codegen.h
$(O)/msrt_embed.o: $(O)/msrt_embed.c
	$(CC) $(CFLAGS_ALL) $(WARN) -MMD -MP -c -o $@ $<

# runtime/*.c embedded for `msc compile --runtime=separate` (codegen/aot.c),
# which writes them beside the library: one text, each file introduced by a
# line "@@msc-runtime-file NAME.c".
RT_SRCS := $(sort $(wildcard runtime/*.c))
$(O)/msrt_src.txt: $(RT_SRCS)
	@mkdir -p $(dir $@)
	for f in $(RT_SRCS); do echo "@@msc-runtime-file $$(basename $$f)"; cat $$f; done > $@.tmp && mv $@.tmp $@
$(O)/msrt_src_embed.c: scripts/embed-file.py $(O)/msrt_src.txt | tools-check
	/usr/bin/python3 scripts/embed-file.py msc_msrt_src $(O)/msrt_src.txt $@ codegen/codegen.h
$(O)/msrt_src_embed.o: $(O)/msrt_src_embed.c
	$(CC) $(CFLAGS_ALL) $(WARN) -MMD -MP -c -o $@ $<

# The runtime as `msc compile` inlines it into NAME.c by default (one text
# with per-file metadata, scripts/runtime-amalgamate.py; codegen/aot.c).
# msrt_amalg_check.c, every runtime file amalgamated, must compile under the
# generated-code flags: a clash between runtime files fails the build here.
$(O)/msrt_amalg.txt $(O)/msrt_amalg_check.c &: scripts/runtime-amalgamate.py runtime/msrt.h $(RT_SRCS) | tools-check
	@mkdir -p $(dir $@)
	/usr/bin/python3 scripts/runtime-amalgamate.py runtime/msrt.h $(O)/msrt_amalg.txt $(O)/msrt_amalg_check.c $(RT_SRCS)
$(O)/msrt_amalg_check.o: $(O)/msrt_amalg_check.c
	$(CC) -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -O1 -c -o $@ $<
$(O)/msrt_amalg_embed.c: scripts/embed-file.py $(O)/msrt_amalg.txt $(O)/msrt_amalg_check.o | tools-check
	/usr/bin/python3 scripts/embed-file.py msc_msrt_amalg $(O)/msrt_amalg.txt $@ codegen/codegen.h
$(O)/msrt_amalg_embed.o: $(O)/msrt_amalg_embed.c
	$(CC) $(CFLAGS_ALL) $(WARN) -MMD -MP -c -o $@ $<

# C unit tests link everything but the driver.
$(O)/tests/unit/%: tests/unit/%.c $(LIB_OBJS) tests/unit/unit.h $(DYNLIST)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(WARN) -o $@ $< $(LIB_OBJS) $(LDSAN) $(LDLIBS) $(LDEXPORT)

unit: $(UNIT_BINS)

# ---- fuzzing (README "Fuzzing") ----------------------------------------------
# Every fuzz/NAME.c is a libFuzzer target (LLVMFuzzerTestOneInput) linked
# with everything but the driver: dropping a file into fuzz/ adds a target.
# `make fuzz` builds them in build-fuzz/ and runs each for FUZZ_SECONDS
# (scripts/fuzz.sh: corpora kept in build/fuzz/corpus/NAME between runs,
# seeded from tests/fuzz/corpus/NAME and the test tree, dictionary
# fuzz/NAME.dict); `make fuzz-merge` minimises the kept corpora into
# tests/fuzz/corpus/.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= $(sort $(basename $(notdir $(wildcard fuzz/*.c))))
FUZZ_BINS := $(FUZZ_TARGETS:%=$(O)/fuzz/%)
$(O)/fuzz/%: fuzz/%.c fuzz/fuzz.h $(LIB_OBJS) $(DYNLIST)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(WARN) -fsanitize=fuzzer -o $@ $< $(LIB_OBJS) $(LDSAN) $(LDLIBS) $(LDEXPORT)
fuzz-bins: $(FUZZ_BINS)
fuzz:
	@ENSURE_FUZZ=1 scripts/ensure-tools.sh
	@$(MAKE) --no-print-directory FUZZ=1 fuzz-bins
	@scripts/fuzz.sh run build-fuzz build/fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)
fuzz-merge:
	@$(MAKE) --no-print-directory FUZZ=1 fuzz-bins
	@scripts/fuzz.sh merge build-fuzz build/fuzz 0 $(FUZZ_TARGETS)

.PHONY: all test test-one unit demo bench coverage install clean tools-check \
        firmware-test fuzz fuzz-bins fuzz-merge

tools-check:
	@scripts/ensure-tools.sh

# `make test` runs the suite, then the sanitizer pass; `make test SANITIZE=1`
# runs only the sanitizer pass. scripts/run-tests.sh prints the closing
# "N passed, N failed" line over everything it ran.
ifeq ($(SANITIZE)$(COVERAGE),)
test: all
	@$(MAKE) --no-print-directory SANITIZE=1 all unit
	@$(MAKE) --no-print-directory unit
	@scripts/run-tests.sh $(O) build-san
else
test: all unit
	@scripts/run-tests.sh $(O)
endif

# The bundled sample end to end: train the digits classifier (msc run),
# then compile the script to a C library and run its self-test.
demo: all
	@echo '$$ $(O)/msc run samples/digits_train.py'
	@$(O)/msc run samples/digits_train.py
	@rm -rf $(O)/demo
	@echo '$$ $(O)/msc compile samples/digits_train.py -o $(O)/demo'
	@$(O)/msc compile samples/digits_train.py -o $(O)/demo >/dev/null
	@ls -l $(O)/demo
	@echo '$$ $(CC) -std=c99 -O1 $(O)/demo/*.c -lm -o $(O)/demo/selftest && $(O)/demo/selftest'
	@$(CC) -std=c99 -O1 $(O)/demo/*.c -lm -o $(O)/demo/selftest && $(O)/demo/selftest

bench: all
	@ENSURE_BENCH=1 scripts/ensure-tools.sh
	@scripts/bench.sh $(O)/msc

firmware-test: all
	@scripts/firmware-test.sh $(O)

coverage:
	@$(MAKE) --no-print-directory COVERAGE=1 all unit
	@scripts/coverage.sh build-cov

install: all
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(O)/msc $(DESTDIR)$(PREFIX)/bin/msc

clean:
	rm -rf build build-san build-cov build-fuzz

-include $(DEPS)
