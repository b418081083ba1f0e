# The two commands the README promises: `make run` and `make test` (and `make package` for a .deb).
# Both install missing packages, configure (Ninja, RelWithDebInfo) and build first.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_ARGS ?=

.PHONY: all deps configure build run test package check-package sanitize bench fuzz format format-check tidy clean

all: build

deps:
	@scripts/install-deps.sh

$(BUILD)/build.ninja:
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_ARGS)

configure: deps $(BUILD)/build.ninja

build: configure
	cmake --build $(BUILD) -j $(JOBS)

run: build
	@scripts/run.sh $(BUILD)

test: build
	cd $(BUILD) && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j $(JOBS)

# The Debian package (CPack): $(BUILD)/commtutor_<version>_<arch>.deb.
package: build
	cmake --build $(BUILD) --target package

# The package unpacked into a scratch prefix and run from there (the CI step).
check-package: build
	@scripts/check-package.sh $(BUILD)

bench: build
	@scripts/bench.sh $(BUILD)

# The asan preset (CMakePresets.json): every test outside the window under AddressSanitizer + UBSan.
sanitize: deps
	cmake --preset asan
	cmake --build --preset asan -j $(JOBS)
	ctest --preset asan -j $(JOBS)

# Every libFuzzer target for FUZZ_SECONDS on its corpus, in build-fuzz/ (clang; docs/FUZZING.md).
FUZZ_SECONDS ?= 60
FUZZ_JOBS ?= 1
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) scripts/fuzz.sh build-fuzz

format:
	git ls-files '*.h' '*.cpp' '*.cu' | xargs clang-format -i

format-check:
	git ls-files '*.h' '*.cpp' '*.cu' | xargs clang-format --dry-run --Werror

# clang-tidy with .clang-tidy over the Qt-free code (model/, live/, app/cli/), using build/'s compile commands.
tidy: build
	git ls-files 'model/*.cpp' 'live/*.cpp' 'app/cli/*.cpp' | xargs -P $(JOBS) -n 4 clang-tidy -p $(BUILD) --quiet

clean:
	rm -rf $(BUILD)
