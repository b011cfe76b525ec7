# Hardened binaries (the release preset) and Debian's own build flags (the ci preset).
#
# TRAINYARD_HARDENING adds what Debian's hardening=+all gives a package, on any toolchain:
# position-independent executables, read-only relocations resolved at start (RELRO + BIND_NOW),
# the checked variants of libc's string and I/O functions (_FORTIFY_SOURCE=2, which needs -O1 or
# more: not in Debug builds) and stack protector canaries.
#
# TRAINYARD_DPKG_BUILDFLAGS compiles and links with what `dpkg-buildflags` prints, as a Debian
# package build would. With TRAINYARD_WERROR the warnings those flags bring (a result FORTIFY
# wants checked, a format string) fail the build here, before a packager sees them.
if(TRAINYARD_HARDENING)
    include(CheckPIESupported)
    check_pie_supported(LANGUAGES CXX)
    set(CMAKE_POSITION_INDEPENDENT_CODE ON)
    add_compile_options(-fstack-protector-strong
                        "$<$<NOT:$<CONFIG:Debug>>:-U_FORTIFY_SOURCE;-D_FORTIFY_SOURCE=2>")
    add_link_options(LINKER:-z,relro LINKER:-z,now)
endif()

if(TRAINYARD_DPKG_BUILDFLAGS)
    find_program(DPKG_BUILDFLAGS dpkg-buildflags REQUIRED)
    foreach(kind CPPFLAGS CXXFLAGS LDFLAGS)
        execute_process(
            COMMAND ${CMAKE_COMMAND} -E env DEB_BUILD_MAINT_OPTIONS=hardening=+all
                    ${DPKG_BUILDFLAGS} --get ${kind}
            OUTPUT_VARIABLE flags OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
        # The prefix map makes the objects reproducible; it names this checkout, so it would
        # only keep ccache from sharing objects between checkouts. It changes no diagnostic.
        string(REGEX REPLACE "-f(file|debug|macro)-prefix-map=[^ ]*" "" flags "${flags}")
        string(STRIP "${flags}" trainyard_dpkg_${kind})
    endforeach()
    message(STATUS "dpkg-buildflags: ${trainyard_dpkg_CPPFLAGS} ${trainyard_dpkg_CXXFLAGS} "
                   "${trainyard_dpkg_LDFLAGS}")
    # Where debhelper puts them (CMAKE_CXX_FLAGS and the linker flags, from the environment):
    # before the project's own options, so the project's warnings stay as strict as it sets them.
    string(APPEND CMAKE_CXX_FLAGS " ${trainyard_dpkg_CPPFLAGS} ${trainyard_dpkg_CXXFLAGS}")
    foreach(kind EXE SHARED MODULE)
        string(APPEND CMAKE_${kind}_LINKER_FLAGS " ${trainyard_dpkg_LDFLAGS}")
    endforeach()
endif()
