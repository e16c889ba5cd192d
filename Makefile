# Scrollback — two commands for a new machine: `make demo` and `make test`.
SWIFT ?= swift
BUILD_PACKAGES := pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev libutf8proc-dev libzip-dev libssl-dev libmicrohttpd-dev
TEST_PACKAGES := tmux chromium chromium-driver python3-pip fonts-noto-color-emoji
DEMO_OUT := .build/demo
# Flags for the test build: any compiler warning fails `make test` (and so CI).
WARNINGS_AS_ERRORS ?= -Xswiftc -warnings-as-errors

.PHONY: demo test build deps test-deps bench fuzz format lint clean

deps:
	@scripts/install-deps.sh $(BUILD_PACKAGES)

test-deps: deps
	@scripts/install-deps.sh $(TEST_PACKAGES)
	@python3 -c "import selenium" 2>/dev/null || python3 -m pip install -q selenium || python3 -m pip install -q --break-system-packages selenium

build: deps
	$(SWIFT) build --product scrollback

# Renders every example to HTML and prints one in the terminal.
demo: build
	@mkdir -p $(DEMO_OUT)
	@for input in Examples/*.json Examples/*.jsonl Examples/*.md; do [ -f "$$input" ] || continue;  \
		name=$$(basename "$$input"); name=$${name%.*}; \
		.build/debug/scrollback render "$$input" -o "$(DEMO_OUT)/$$name.html" || exit 1; \
		echo "wrote $(DEMO_OUT)/$$name.html"; \
	done
	@echo
	@.build/debug/scrollback render Examples/weekend-plans.json --format ansi --color always --width 72

test: test-deps
	$(SWIFT) build --build-tests $(WARNINGS_AS_ERRORS)
	$(SWIFT) test --skip-build --parallel
	@status=0; \
		python3 scripts/public-api.py || status=1; \
		python3 Tests/Consistency/run.py || status=1; \
		if [ -d Tests/Browser ]; then python3 Tests/Browser/run.py || status=1; fi; \
		exit $$status

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

clean:
	rm -rf .build

# libFuzzer + AddressSanitizer harnesses (Fuzz/), each run FUZZ_SECONDS (default 60); see docs/SECURITY.md.
fuzz: deps
	@Fuzz/run.sh

# Release build against baselines (cmark-gfm, cat), the importers against the native path with their
# PyPI peers, and the live page in Chromium; writes BENCHMARKS.md.
bench: test-deps
	@scripts/install-deps.sh cmark-gfm time python3-venv
	$(SWIFT) build -c release --product scrollback
	python3 scripts/bench/run.py
