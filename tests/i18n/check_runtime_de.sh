#!/bin/sh
# The German translation must load at run time: strings are looked up by context, and a context
# lupdate recorded wrongly would leave the text English although the .ts is complete.
# Runs the real binary in a German locale on a file with a type error and checks the message
# of the importer (trainyard::YamlImport) and the CLI's summary (trainyard::Cli) are German.
# Usage: check_runtime_de.sh TRAINYARD_BINARY FIXTURE
set -u
out=$(LANG=de_DE.UTF-8 LC_ALL=de_DE.UTF-8 LANGUAGE=de "$1" validate "$2" 2>&1)
echo "$out"
echo "$out" | grep -q "Ganzzahl erwartet" || { echo "FAILED: the importer's message is not German"; exit 1; }
echo "$out" | grep -q "Fehler" || { echo "FAILED: the summary is not German"; exit 1; }
