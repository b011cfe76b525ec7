# Fails when translations/trainyard_de.ts is not complete for every string in the sources:
# runs lupdate over the sources into a scratch copy and looks for unfinished entries.
# Variables: LUPDATE, TS_FILE, SOURCES_LIST (file with one source path per line), WORK_DIR.
file(MAKE_DIRECTORY "${WORK_DIR}")
get_filename_component(ts_name "${TS_FILE}" NAME)
set(scratch "${WORK_DIR}/${ts_name}")
file(COPY_FILE "${TS_FILE}" "${scratch}")
execute_process(
    COMMAND "${LUPDATE}" -silent -no-obsolete -locations none "@${SOURCES_LIST}" -ts "${scratch}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "lupdate failed (${rc}): ${out}${err}")
endif()
file(READ "${scratch}" ts)
string(REGEX MATCHALL "<source>[^<]*</source>[ \n\t]*(<comment>[^<]*</comment>[ \n\t]*)?(<extracomment>[^<]*</extracomment>[ \n\t]*)?<translation type=\"unfinished\"" missing "${ts}")
list(LENGTH missing count)
if(count GREATER 0)
    foreach(m IN LISTS missing)
        string(REGEX REPLACE "<translation.*" "" m "${m}")
        message("untranslated: ${m}")
    endforeach()
    message(FATAL_ERROR "${count} string(s) lack a German translation in ${ts_name}; run "
                        "`cmake --build <dir> --target update_translations` and translate them")
endif()
string(REGEX MATCHALL "<message" all "${ts}")
list(LENGTH all total)
message(STATUS "${ts_name}: all ${total} strings translated")
