<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>trainyard::Catalog</name>
    <message>
        <source>a mapping</source>
        <translation>eine Zuordnung</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>eine Liste</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>Too many problems; stopped reading the catalog.</source>
        <translation>Zu viele Probleme; das Lesen des Katalogs wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The catalog has too many entries (more than %1 values).</source>
        <translation>Der Katalog hat zu viele Einträge (mehr als %1 Werte).</translation>
    </message>
    <message>
        <source>Expected a text value, found %1.</source>
        <translation>Textwert erwartet, gefunden: %1.</translation>
    </message>
    <message>
        <source>Expected a whole number, found %1.</source>
        <translation>Ganze Zahl erwartet, gefunden: %1.</translation>
    </message>
    <message>
        <source>Expected a number of at least %1, found %2.</source>
        <translation>Zahl von mindestens %1 erwartet, gefunden: %2.</translation>
    </message>
    <message>
        <source>Expected a number, found %1.</source>
        <translation>Zahl erwartet, gefunden: %1.</translation>
    </message>
    <message>
        <source>Expected a positive number, found %1.</source>
        <translation>Positive Zahl erwartet, gefunden: %1.</translation>
    </message>
    <message>
        <source>Expected a list, found %1.</source>
        <translation>Liste erwartet, gefunden: %1.</translation>
    </message>
    <message>
        <source>Expected a mapping (key: value), found %1.</source>
        <translation>Zuordnung (Schlüssel: Wert) erwartet, gefunden: %1.</translation>
    </message>
    <message>
        <source>Expected a field name, found %1.</source>
        <translation>Feldname erwartet, gefunden: %1.</translation>
    </message>
    <message>
        <source>The field &quot;%1&quot; appears twice.</source>
        <translation>Das Feld &quot;%1&quot; kommt zweimal vor.</translation>
    </message>
    <message>
        <source>The required field &quot;%1&quot; is missing.</source>
        <translation>Das Pflichtfeld &quot;%1&quot; fehlt.</translation>
    </message>
    <message>
        <source>Expected true or false, found %1.</source>
        <translation>true oder false erwartet, gefunden: %1.</translation>
    </message>
    <message>
        <source>Expected seed, public or uncertain, found %1.</source>
        <translation>seed, public oder uncertain erwartet, gefunden: %1.</translation>
    </message>
    <message>
        <source>Unknown field &quot;%1&quot; is ignored.</source>
        <translation>Das unbekannte Feld &quot;%1&quot; wird ignoriert.</translation>
    </message>
    <message>
        <source>Unknown machine type &quot;%1&quot;.</source>
        <translation>Unbekannter Maschinentyp &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>Unknown accelerator type &quot;%1&quot;.</source>
        <translation>Unbekannter Beschleunigertyp &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>Legacy machine types have no Compute Engine family.</source>
        <translation>Legacy-Maschinentypen haben keine Compute-Engine-Familie.</translation>
    </message>
    <message>
        <source>No machine type belongs to the family &quot;%1&quot;.</source>
        <translation>Kein Maschinentyp gehört zur Familie &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>The limit applies to a count that is not in allowedCounts.</source>
        <translation>Die Grenze gilt für eine Anzahl, die nicht in allowedCounts steht.</translation>
    </message>
    <message>
        <source>The legacy machine type &quot;%1&quot; takes no accelerator configuration; remove its row.</source>
        <translation>Der Legacy-Maschinentyp &quot;%1&quot; nimmt keine Beschleunigerkonfiguration an; entfernen Sie seine Zeile.</translation>
    </message>
    <message>
        <source>%1 x %2 is not in the accelerator&apos;s allowedCounts.</source>
        <translation>%1 x %2 ist nicht in allowedCounts des Beschleunigers enthalten.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is confirmed but not listed in accelerators.</source>
        <translation>&quot;%1&quot; ist bestätigt, steht aber nicht in accelerators.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a TPU type.</source>
        <translation>&quot;%1&quot; ist kein TPU-Typ.</translation>
    </message>
    <message>
        <source>Python %1 is not in the top-level list pythonVersions.</source>
        <translation>Python %1 steht nicht in der Liste pythonVersions auf oberster Ebene.</translation>
    </message>
    <message>
        <source>The field &quot;%1&quot; must not be empty.</source>
        <translation>Das Feld &quot;%1&quot; darf nicht leer sein.</translation>
    </message>
    <message>
        <source>The machine type &quot;%1&quot; is defined twice.</source>
        <translation>Der Maschinentyp &quot;%1&quot; ist zweimal definiert.</translation>
    </message>
    <message>
        <source>The accelerator &quot;%1&quot; is defined twice.</source>
        <translation>Der Beschleuniger &quot;%1&quot; ist zweimal definiert.</translation>
    </message>
    <message>
        <source>The accelerator gcloud name &quot;%1&quot; is used twice.</source>
        <translation>Der gcloud-Name &quot;%1&quot; eines Beschleunigers wird zweimal verwendet.</translation>
    </message>
    <message>
        <source>There are two gpuCounts rows for the machine type &quot;%1&quot;.</source>
        <translation>Für den Maschinentyp &quot;%1&quot; gibt es zwei gpuCounts-Zeilen.</translation>
    </message>
    <message>
        <source>The region &quot;%1&quot; is defined twice.</source>
        <translation>Die Region &quot;%1&quot; ist zweimal definiert.</translation>
    </message>
    <message>
        <source>The scale tier &quot;%1&quot; is defined twice.</source>
        <translation>Die Skalierungsstufe &quot;%1&quot; ist zweimal definiert.</translation>
    </message>
    <message>
        <source>The scale tier gcloud name &quot;%1&quot; is used twice.</source>
        <translation>Der gcloud-Name &quot;%1&quot; einer Skalierungsstufe wird zweimal verwendet.</translation>
    </message>
    <message>
        <source>The runtime version &quot;%1&quot; is defined twice.</source>
        <translation>Die Laufzeitversion &quot;%1&quot; ist zweimal definiert.</translation>
    </message>
    <message>
        <source>The catalog is empty.</source>
        <translation>Der Katalog ist leer.</translation>
    </message>
    <message>
        <source>Schema version %1 is not supported; this version of Trainyard reads version %2.</source>
        <translation>Die Schemaversion %1 wird nicht unterstützt; diese Version von Trainyard liest Version %2.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a date of the form YYYY-MM-DD.</source>
        <translation>&quot;%1&quot; ist kein Datum der Form YYYY-MM-DD.</translation>
    </message>
    <message>
        <source>The catalog file %1 is larger than %2 MiB.</source>
        <translation>Die Katalogdatei %1 ist größer als %2 MiB.</translation>
    </message>
    <message>
        <source>YAML syntax error: %1</source>
        <translation>YAML-Syntaxfehler: %1</translation>
    </message>
    <message>
        <source>The catalog could not be read: %1</source>
        <translation>Der Katalog konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>The catalog file %1 does not exist.</source>
        <translation>Die Katalogdatei %1 existiert nicht.</translation>
    </message>
    <message>
        <source>The catalog path %1 is a directory.</source>
        <translation>Der Katalogpfad %1 ist ein Verzeichnis.</translation>
    </message>
    <message>
        <source>The catalog file %1 cannot be read: %2</source>
        <translation>Die Katalogdatei %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>The compiled catalog is not valid CBOR: %1</source>
        <translation>Der kompilierte Katalog ist kein gültiges CBOR: %1</translation>
    </message>
    <message>
        <source>The compiled catalog does not match this program: unexpected field &quot;%1&quot;.</source>
        <translation>Der kompilierte Katalog passt nicht zu diesem Programm: unerwartetes Feld „%1“.</translation>
    </message>
    <message>
        <source>The compiled catalog does not match this program: the field &quot;%1&quot; was expected here.</source>
        <translation>Der kompilierte Katalog passt nicht zu diesem Programm: Hier wurde das Feld „%1“ erwartet.</translation>
    </message>
    <message>
        <source>The compiled catalog holds a value of the wrong type or range.</source>
        <translation>Der kompilierte Katalog enthält einen Wert mit falschem Typ oder außerhalb des Wertebereichs.</translation>
    </message>
    <message>
        <source>The data is not a compiled catalog.</source>
        <translation>Die Daten sind kein kompilierter Katalog.</translation>
    </message>
    <message>
        <source>The compiled catalog has format version %1; this program reads version %2.</source>
        <translation>Der kompilierte Katalog hat die Formatversion %1; dieses Programm liest Version %2.</translation>
    </message>
</context>
<context>
    <name>trainyard::Cli</name>
    <message>
        <source>Arguments for the app (replace trainingInput.args)</source>
        <translation>Argumente für die Anwendung (ersetzen trainingInput.args)</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation>unbekannter Befehl &apos;%1&apos;</translation>
    </message>
    <message>
        <source>trainyard: unknown command or flag &apos;%1&apos;</source>
        <translation>trainyard: unbekannter Befehl oder unbekanntes Flag &apos;%1&apos;</translation>
    </message>
    <message>
        <source>Run &apos;trainyard --help&apos; for usage.</source>
        <translation>Hinweise zum Aufruf: &apos;trainyard --help&apos;.</translation>
    </message>
    <message>
        <source>Cancelling job [%1]...</source>
        <translation>Job [%1] wird abgebrochen...</translation>
    </message>
    <message>
        <source>The job %1 no longer exists.</source>
        <translation>Der Job %1 existiert nicht mehr.</translation>
    </message>
    <message>
        <source>Job [%1] %2: %3</source>
        <translation>Job [%1] %2: %3</translation>
    </message>
    <message>
        <source>Job [%1] %2.</source>
        <translation>Job [%1] %2.</translation>
    </message>
    <message>
        <source>Only jobs matching the expression</source>
        <translation>Nur Jobs, die dem Ausdruck entsprechen</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>unerwartetes Argument &apos;%1&apos;</translation>
    </message>
    <message>
        <source>Listed 0 items.</source>
        <translation>0 Einträge aufgelistet.</translation>
    </message>
    <message>
        <source>There is no job %1.</source>
        <translation>Es gibt keinen Job %1.</translation>
    </message>
    <message>
        <source>give exactly one JOB_ID</source>
        <translation>geben Sie genau eine JOB_ID an</translation>
    </message>
    <message>
        <source>cannot read the filter term &apos;%1&apos;; use KEY=VALUE, KEY!=VALUE or KEY:PATTERN</source>
        <translation>die Filterbedingung &apos;%1&apos; ist nicht lesbar; verwenden Sie KEY=VALUE, KEY!=VALUE oder KEY:PATTERN</translation>
    </message>
    <message>
        <source>unknown filter key &apos;%1&apos;; use jobId, state or labels.NAME</source>
        <translation>unbekannter Filterschlüssel &apos;%1&apos;; verwenden Sie jobId, state oder labels.NAME</translation>
    </message>
    <message>
        <source>use &apos;jobs submit training&apos;</source>
        <translation>verwenden Sie &apos;jobs submit training&apos;</translation>
    </message>
    <message>
        <source>Check for a local run (local job directory and package are fine)</source>
        <translation>Für einen lokalen Lauf prüfen (lokales Jobverzeichnis und Paket sind zulässig)</translation>
    </message>
    <message>
        <source>Use this service catalog instead of the built-in one</source>
        <translation>Diesen Dienstkatalog statt des eingebauten verwenden</translation>
    </message>
    <message>
        <source>Diagnostics as text on stderr (default) or as JSON on stdout</source>
        <translation>Meldungen als Text auf stderr (Standard) oder als JSON auf stdout</translation>
    </message>
    <message>
        <source>Usage: trainyard validate [OPTIONS] [JOB FLAGS] FILE... [-- ARG...]

Checks job specs (config.yaml in gcloud&apos;s form, or JSON) against the service&apos;s rules.
Job flags override the values of every FILE, as gcloud&apos;s do; the arguments after -- replace trainingInput.args.
Diagnostics are printed as FILE:LINE:COL: error: FIELD: MESSAGE; a value from a flag is reported at the flag.

Options:
</source>
        <translation>Aufruf: trainyard validate [OPTIONS] [JOB FLAGS] FILE... [-- ARG...]

Prüft Jobspezifikationen (config.yaml in der Form von gcloud oder JSON) gegen die Regeln des Dienstes.
Job-Flags überschreiben die Werte aller Dateien (FILE), wie bei gcloud; die Argumente nach -- ersetzen trainingInput.args.
Meldungen werden als FILE:LINE:COL: error: FIELD: MESSAGE ausgegeben; ein Wert aus einem Flag wird beim Flag gemeldet.

Optionen:
</translation>
    </message>
    <message>
        <source>  -h, --help             Show this help

Job flags (gcloud ai-platform jobs submit training):
</source>
        <translation>  -h, --help             Diese Hilfe anzeigen

Job-Flags (gcloud ai-platform jobs submit training):
</translation>
    </message>
    <message>
        <source>
Exit status: 0 no errors, 1 a spec has errors, 2 usage error or unreadable file.
</source>
        <translation>
Exit-Status: 0 keine Fehler, 1 eine Spezifikation hat Fehler, 2 Aufruffehler oder unlesbare Datei.
</translation>
    </message>
    <message>
        <source>unknown --format &apos;%1&apos;; use text or json</source>
        <translation>unbekanntes --format &apos;%1&apos;; verwenden Sie text oder json</translation>
    </message>
    <message>
        <source>no FILE given</source>
        <translation>keine Datei (FILE) angegeben</translation>
    </message>
    <message>
        <source>Export even when the spec fails validation</source>
        <translation>Auch exportieren, wenn die Spezifikation die Prüfung nicht besteht</translation>
    </message>
    <message>
        <source>Validate for a local run; YAML keeps the trainyardLocal part</source>
        <translation>Für einen lokalen Lauf prüfen; YAML behält den Teil trainyardLocal</translation>
    </message>
    <message>
        <source>gcloud: name of the config file in --config (default config.yaml)</source>
        <translation>gcloud: Name der Konfigurationsdatei in --config (Standard: config.yaml)</translation>
    </message>
    <message>
        <source>
Exit status: 0 exported, 1 the spec has errors (nothing exported), 2 usage error or unreadable file.
</source>
        <translation>
Exit-Status: 0 exportiert, 1 die Spezifikation hat Fehler (nichts exportiert), 2 Aufruffehler oder unlesbare Datei.
</translation>
    </message>
    <message>
        <source>exactly one FILE, got %1</source>
        <translation>genau eine Datei (FILE) erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>%1: not exported</source>
        <translation>%1: nicht exportiert</translation>
    </message>
    <message>
        <source>%1: not exported: the spec has errors (--force exports anyway)</source>
        <translation>%1: nicht exportiert: die Spezifikation hat Fehler (--force exportiert trotzdem)</translation>
    </message>
    <message>
        <source>%1: %2, %3</source>
        <translation>%1: %2, %3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: valid, %2</source>
        <translation>%1: gültig, %2</translation>
    </message>
    <message>
        <source>%1: valid</source>
        <translation>%1: gültig</translation>
    </message>
    <message>
        <source>trainyard %1: %2</source>
        <translation>trainyard %1: %2</translation>
    </message>
    <message>
        <source>Run &apos;trainyard %1 --help&apos; for usage.</source>
        <translation>Hinweise zum Aufruf: &apos;trainyard %1 --help&apos;.</translation>
    </message>
    <message>
        <source>%1: the catalog cannot be used</source>
        <translation>%1: der Katalog kann nicht verwendet werden</translation>
    </message>
    <message>
        <source>trainyard: no usable catalog</source>
        <translation>trainyard: kein verwendbarer Katalog</translation>
    </message>
    <message>
        <source>Python module to run (required)</source>
        <translation>Auszuführendes Python-Modul (erforderlich)</translation>
    </message>
    <message>
        <source>Local Python package directory</source>
        <translation>Lokales Python-Paketverzeichnis</translation>
    </message>
    <message>
        <source>Output directory, passed to the app as --job-dir</source>
        <translation>Ausgabeverzeichnis, wird der Anwendung als --job-dir übergeben</translation>
    </message>
    <message>
        <source>Run a distributed cluster (default 2 workers, 2 parameter servers)</source>
        <translation>Einen verteilten Cluster ausführen (Standard: 2 Worker, 2 Parameterserver)</translation>
    </message>
    <message>
        <source>Workers with --distributed (0: 2)</source>
        <translation>Worker mit --distributed (0: 2)</translation>
    </message>
    <message>
        <source>Parameter servers with --distributed (0: 2)</source>
        <translation>Parameterserver mit --distributed (0: 2)</translation>
    </message>
    <message>
        <source>Evaluators with --distributed (default 0)</source>
        <translation>Evaluatoren mit --distributed (Standard: 0)</translation>
    </message>
    <message>
        <source>The job&apos;s config.yaml (required)</source>
        <translation>Die config.yaml des Jobs (erforderlich)</translation>
    </message>
    <message>
        <source>Return once the job is started instead of streaming its logs</source>
        <translation>Zurückkehren, sobald der Job gestartet ist, statt seine Logs fortlaufend auszugeben</translation>
    </message>
    <message>
        <source>--%1 must be a number from %2 to %3, not &apos;%4&apos;</source>
        <translation>--%1 muss eine Zahl von %2 bis %3 sein, nicht &apos;%4&apos;</translation>
    </message>
    <message>
        <source>Usage: trainyard local train --module-name MODULE [OPTIONS] [-- ARG...]

Runs a Python trainer on this machine as `gcloud ai-platform local train` does: one process, or with --distributed a cluster of processes wired with TF_CONFIG. Every replica&apos;s log is printed prefixed by its name. Ctrl-C cancels the job.

Options:
</source>
        <translation>Aufruf: trainyard local train --module-name MODULE [OPTIONS] [-- ARG...]

Führt einen Python-Trainer auf diesem Rechner aus wie `gcloud ai-platform local train`: als einen Prozess oder mit --distributed als Cluster von Prozessen, verbunden über TF_CONFIG. Das Log jedes Replikats wird mit dessen Namen als Präfix ausgegeben. Ctrl-C bricht den Job ab.

Optionen:
</translation>
    </message>
    <message>
        <source>
Exit status: 0 the job succeeded, 1 it failed or was cancelled, 2 usage error.
</source>
        <translation>
Exit-Status: 0 der Job war erfolgreich, 1 er ist fehlgeschlagen oder wurde abgebrochen, 2 Aufruffehler.
</translation>
    </message>
    <message>
        <source>unknown flag &apos;--%1&apos;</source>
        <translation>unbekanntes Flag &apos;--%1&apos;</translation>
    </message>
    <message>
        <source>--module-name is required</source>
        <translation>--module-name ist erforderlich</translation>
    </message>
    <message>
        <source>Job [%1] started; its files are in %2</source>
        <translation>Job [%1] gestartet; seine Dateien liegen in %2</translation>
    </message>
    <message>
        <source>Usage: trainyard jobs submit training JOB_ID --config FILE [OPTIONS] [JOB FLAGS] [-- ARG...]

Validates the job like `trainyard validate --local` and runs it on this machine with the spec&apos;s cluster shape, streaming the logs until it ends (unless --async). Ctrl-C cancels the job.

Options:
</source>
        <translation>Aufruf: trainyard jobs submit training JOB_ID --config FILE [OPTIONS] [JOB FLAGS] [-- ARG...]

Prüft den Job wie `trainyard validate --local` und führt ihn auf diesem Rechner mit der Clusterform der Spezifikation aus; die Logs werden bis zum Ende fortlaufend ausgegeben (außer mit --async). Ctrl-C bricht den Job ab.

Optionen:
</translation>
    </message>
    <message>
        <source>
Job flags:
</source>
        <translation>
Job-Flags:
</translation>
    </message>
    <message>
        <source>--config FILE is required</source>
        <translation>--config FILE ist erforderlich</translation>
    </message>
    <message>
        <source>Job [%1] submitted successfully.
Your job is still active. You may view the status of your job with the command

  $ trainyard jobs describe %1

or continue streaming the logs with the command

  $ trainyard jobs stream-logs %1
</source>
        <translation>Job [%1] erfolgreich übermittelt.
Ihr Job ist noch aktiv. Den Status Ihres Jobs können Sie mit diesem Befehl ansehen:

  $ trainyard jobs describe %1

oder die Logs mit diesem Befehl weiter verfolgen:

  $ trainyard jobs stream-logs %1
</translation>
    </message>
    <message>
        <source>Job [%1] submitted; streaming its logs.</source>
        <translation>Job [%1] übermittelt; seine Logs werden fortlaufend ausgegeben.</translation>
    </message>
    <message>
        <source>unexpected &apos;--&apos;: this command takes no app arguments</source>
        <translation>unerwartetes &apos;--&apos;: dieser Befehl nimmt keine Anwendungsargumente an</translation>
    </message>
    <message>
        <source>unknown flag &apos;%1&apos;</source>
        <translation>unbekanntes Flag &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--%1 takes no value</source>
        <translation>--%1 nimmt keinen Wert an</translation>
    </message>
    <message>
        <source>--%1 needs a value</source>
        <translation>--%1 braucht einen Wert</translation>
    </message>
    <message>
        <source>%1 (the value is replaced by %2)</source>
        <translation>%1 (der Wert wird durch %2 ersetzt)</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n Fehler</numerusform>
            <numerusform>%n Fehler</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n Warnung</numerusform>
            <numerusform>%n Warnungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Restarts of a failing replica before the job fails (default %1)</source>
        <translation>Neustarts eines fehlschlagenden Replikats, bevor der Job fehlschlägt (Standard: %1)</translation>
    </message>
    <message>
        <source>Reruns of the whole job after that (default %1; the service does 3)</source>
        <translation>Danach erneute Läufe des ganzen Jobs (Standard: %1; der Dienst macht 3)</translation>
    </message>
    <message>
        <source>Time between SIGTERM and SIGKILL when stopping replicas (default %1)</source>
        <translation>Zeit zwischen SIGTERM und SIGKILL beim Stoppen von Replikaten (Standard: %1)</translation>
    </message>
    <message>
        <source>
Defaults come from Settings &gt; Local runs when set there; the flags override them.
</source>
        <translation>
Standardwerte kommen aus Einstellungen &gt; Lokale Läufe, wenn sie dort gesetzt sind; die Flags überschreiben sie.
</translation>
    </message>
    <message>
        <source>First port of the cluster (default %1)</source>
        <translation>Erster Port des Clusters (Standard: %1)</translation>
    </message>
    <message>
        <source>Start at most N replica processes (workers and parameter servers are reduced first; default %1, 0: no cap)</source>
        <translation>Höchstens N Replikatprozesse starten (Worker und Parameterserver werden zuerst reduziert; Standard: %1, 0: keine Obergrenze)</translation>
    </message>
    <message>
        <source>%1 of %2 trials run locally</source>
        <translation>%1 von %2 Versuchen lokal ausgeführt</translation>
    </message>
    <message>
        <source>Job %1 is broken: %2</source>
        <translation>Job %1 ist beschädigt: %2</translation>
    </message>
    <message>
        <source>Job [%1] cannot be followed: %2</source>
        <translation>Job [%1] kann nicht verfolgt werden: %2</translation>
    </message>
    <message>
        <source>Job [%1] ended, but its end cannot be recorded: %2</source>
        <translation>Job [%1] ist beendet, aber sein Ende kann nicht festgehalten werden: %2</translation>
    </message>
    <message>
        <source>The job config, as gcloud&apos;s --config (same as giving FILE)</source>
        <translation>Die Job-Konfiguration, wie gclouds --config (gleichbedeutend mit FILE)</translation>
    </message>
    <message>
        <source>Directory the command ran in, for its --config and --package-path (default: FILE&apos;s directory, else the current one)</source>
        <translation>Verzeichnis, in dem der Befehl lief, für sein --config und --package-path (Standard: das Verzeichnis von FILE, sonst das aktuelle)</translation>
    </message>
    <message>
        <source>Usage: trainyard import-gcloud [OPTIONS] [FILE|-]

Reads a gcloud ai-platform (or ml-engine) jobs submit training command from FILE (a shell script is fine) or from stdin, and prints the config.yaml it amounts to: the --config file with the command&apos;s flags applied, JOB as jobId, the arguments after -- as args.
Continuation lines, VAR=value lines before the command and $VARIABLES may stay as they are; each unset variable is named in a warning. gcloud&apos;s client-side flags (--staging-bucket, --stream-logs, --project, ...) are reported as ignored.

Options:
</source>
        <translation>Aufruf: trainyard import-gcloud [OPTIONS] [FILE|-]

Liest einen Befehl gcloud ai-platform (oder ml-engine) jobs submit training aus FILE (ein Shell-Skript geht auch) oder von der Standardeingabe und gibt die config.yaml aus, die er ergibt: die --config-Datei mit den Flags des Befehls, JOB als jobId, die Argumente nach -- als args.
Fortsetzungszeilen, VAR=Wert-Zeilen vor dem Befehl und $VARIABLEN dürfen bleiben, wie sie sind; jede nicht gesetzte Variable wird in einer Warnung genannt. Die clientseitigen Flags von gcloud (--staging-bucket, --stream-logs, --project, ...) werden als ignoriert gemeldet.

Optionen:
</translation>
    </message>
    <message>
        <source>  -h, --help             Show this help

Exit status: 0 imported, 1 the command or the spec has errors (the YAML is printed anyway), 2 usage error or unreadable input.
</source>
        <translation>  -h, --help             Diese Hilfe anzeigen

Rückgabewert: 0 importiert, 1 der Befehl oder die Spezifikation hat Fehler (das YAML wird trotzdem ausgegeben), 2 Aufruffehler oder unlesbare Eingabe.
</translation>
    </message>
    <message>
        <source>at most one FILE</source>
        <translation>höchstens eine FILE</translation>
    </message>
    <message>
        <source>cannot read stdin</source>
        <translation>die Standardeingabe kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>%1: cannot read: %2</source>
        <translation>%1: nicht lesbar: %2</translation>
    </message>
    <message>
        <source>the input is larger than 8 MiB</source>
        <translation>die Eingabe ist größer als 8 MiB</translation>
    </message>
    <message numerus="yes">
        <source>note: AI Platform Training took its last jobs on %1; today this spec would run as a %2 job (trainyard export --to vertex), with %n change(s) on the way</source>
        <translation>
            <numerusform>Hinweis: AI Platform Training nahm am %1 die letzten Jobs an; heute liefe diese Spezifikation als %2-Job (trainyard export --to vertex), mit %n Änderung auf dem Weg</numerusform>
            <numerusform>Hinweis: AI Platform Training nahm am %1 die letzten Jobs an; heute liefe diese Spezifikation als %2-Job (trainyard export --to vertex), mit %n Änderungen auf dem Weg</numerusform>
        </translation>
    </message>
    <message>
        <source>the job %1 was not submitted: %2</source>
        <translation>der Job %1 wurde nicht übermittelt: %2</translation>
    </message>
    <message>
        <source>%1 is neither a resource name nor a local cloud job; give --region and --project with a job ID</source>
        <translation>%1 ist weder ein Ressourcenname noch ein lokaler Cloud-Job; zu einer Job-ID --region und --project angeben</translation>
    </message>
    <message>
        <source>The job spec (config.yaml)</source>
        <translation>Die Jobspezifikation (config.yaml)</translation>
    </message>
    <message>
        <source>Display name (default: the spec&apos;s jobId)</source>
        <translation>Anzeigename (Vorgabe: die jobId der Spezifikation)</translation>
    </message>
    <message>
        <source>Run the job as this service account</source>
        <translation>Den Job als dieses Dienstkonto ausführen</translation>
    </message>
    <message>
        <source>Prebuilt training image for pools that have none, e.g. us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-17.py310:latest</source>
        <translation>Vorgefertigtes Trainings-Image für Pools ohne eines, z. B. us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-17.py310:latest</translation>
    </message>
    <message>
        <source>%1: not submitted</source>
        <translation>%1: nicht übermittelt</translation>
    </message>
    <message>
        <source>CustomJob [%1] is submitted successfully (local record %2).</source>
        <translation>CustomJob [%1] wurde erfolgreich übermittelt (lokaler Eintrag %2).</translation>
    </message>
    <message>
        <source>Watch it with: trainyard ai custom-jobs stream-logs %1</source>
        <translation>Verfolgen mit: trainyard ai custom-jobs stream-logs %1</translation>
    </message>
    <message>
        <source>The service&apos;s filter, e.g. state=&quot;JOB_STATE_RUNNING&quot;</source>
        <translation>Filter des Dienstes, z. B. state=&quot;JOB_STATE_RUNNING&quot;</translation>
    </message>
    <message>
        <source>--region and a project are required</source>
        <translation>--region und ein Projekt sind nötig</translation>
    </message>
    <message>
        <source>give exactly one JOB</source>
        <translation>genau einen JOB angeben</translation>
    </message>
    <message>
        <source>Do not wait until the job has ended</source>
        <translation>Nicht warten, bis der Job beendet ist</translation>
    </message>
    <message>
        <source>Request to cancel CustomJob [%1] has been sent.</source>
        <translation>Die Anfrage, CustomJob [%1] abzubrechen, wurde gesendet.</translation>
    </message>
    <message>
        <source>The job ended %1.</source>
        <translation>Der Job endete mit %1.</translation>
    </message>
    <message>
        <source>Seconds between polls (default 60, as gcloud)</source>
        <translation>Sekunden zwischen Abfragen (Vorgabe 60, wie gcloud)</translation>
    </message>
    <message>
        <source>--polling-interval must be 1 to 3600 seconds</source>
        <translation>--polling-interval muss 1 bis 3600 Sekunden sein</translation>
    </message>
    <message>
        <source>Stopped following; the job keeps running.</source>
        <translation>Verfolgung beendet; der Job läuft weiter.</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;; use custom-jobs</source>
        <translation>unbekannter Befehl &apos;%1&apos;; custom-jobs verwenden</translation>
    </message>
    <message>
        <source>Build the package (trainyardLocal.packagePath, --package-path) as an sdist and upload it here</source>
        <translation>Das Paket (trainyardLocal.packagePath, --package-path) als sdist bauen und hierhin hochladen</translation>
    </message>
    <message>
        <source>Uploading %1: %2%</source>
        <translation>Lade %1 hoch: %2%</translation>
    </message>
    <message>
        <source>%1 is staged already; not uploaded again.</source>
        <translation>%1 liegt schon bereit; nicht erneut hochgeladen.</translation>
    </message>
    <message>
        <source>HyperparameterTuningJob [%1] is submitted successfully (local record %2).</source>
        <translation>HyperparameterTuningJob [%1] wurde erfolgreich übermittelt (lokaler Eintrag %2).</translation>
    </message>
    <message>
        <source>csv (the default: a header row, then one row per point) or json</source>
        <translation>csv (Standard: eine Kopfzeile, dann eine Zeile je Punkt) oder json</translation>
    </message>
    <message>
        <source>Only the series of this source (a replica, or &quot;RUN (TensorBoard)&quot;)</source>
        <translation>Nur die Reihen dieser Quelle (ein Replikat oder &quot;RUN (TensorBoard)&quot;)</translation>
    </message>
    <message>
        <source>Only this metric</source>
        <translation>Nur diese Metrik</translation>
    </message>
    <message>
        <source>unknown format &apos;%1&apos;; use csv or json</source>
        <translation>unbekanntes Format &apos;%1&apos;; csv oder json verwenden</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a job ID</source>
        <translation>&apos;%1&apos; ist keine Job-ID</translation>
    </message>
    <message>
        <source>Job %1 runs on Vertex AI: its metrics are not stored on this machine.</source>
        <translation>Job %1 läuft auf Vertex AI: seine Metriken sind nicht auf diesem Rechner gespeichert.</translation>
    </message>
    <message>
        <source>Cannot write the points: %1</source>
        <translation>Die Punkte können nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>Output form: config YAML, gcloud command, Vertex AI CustomJob JSON, Kubeflow Trainer v2 TrainJob YAML, or the legacy Training Operator v1 TFJob or PyTorchJob YAML</source>
        <translation>Ausgabeform: Konfigurations-YAML, gcloud-Befehl, Vertex-AI-CustomJob-JSON, Kubeflow-Trainer-v2-TrainJob-YAML oder das veraltete Training-Operator-v1-TFJob- oder -PyTorchJob-YAML</translation>
    </message>
    <message>
        <source>trainjob/tfjob/pytorchjob: container image of every replica (needed for a Python package spec: an image that holds the trainer package)</source>
        <translation>trainjob/tfjob/pytorchjob: Container-Image jedes Replikats (nötig für eine Python-Paket-Spezifikation: ein Image, das das Trainer-Paket enthält)</translation>
    </message>
    <message>
        <source>trainjob/tfjob/pytorchjob: Kubernetes namespace of the job (RFC 1123 label)</source>
        <translation>trainjob/tfjob/pytorchjob: Kubernetes-Namespace des Jobs (RFC-1123-Label)</translation>
    </message>
    <message>
        <source>trainjob: the ClusterTrainingRuntime to run on (default torch-distributed; a TensorFlow trainer needs a plain runtime of your cluster)</source>
        <translation>trainjob: die ClusterTrainingRuntime, auf der der Job läuft (Standard torch-distributed; ein TensorFlow-Trainer braucht eine einfache Runtime Ihres Clusters)</translation>
    </message>
    <message>
        <source>trainjob: the cluster&apos;s Kubeflow Trainer version, 2.0 to 2.3, for the fields of that version only (GPU node selector, time limit); default: only fields every version accepts</source>
        <translation>trainjob: die Kubeflow-Trainer-Version des Clusters, 2.0 bis 2.3, für die Felder nur dieser Version (GPU-Node-Selector, Zeitlimit); Standard: nur Felder, die jede Version annimmt</translation>
    </message>
    <message>
        <source>Usage: trainyard export --to yaml|gcloud|vertex|trainjob|tfjob|pytorchjob [OPTIONS] [JOB FLAGS] FILE [-- ARG...]

Prints the spec in FILE, with the job flags applied, on stdout as:
  yaml    config.yaml for gcloud --config (without trainyardLocal)
  gcloud  a gcloud ai-platform jobs submit training command; fields with no flag go through --config
  vertex  a Vertex AI CustomJob (JSON)
  trainjob  a Kubeflow Trainer v2 TrainJob (YAML, trainer.kubeflow.org/v1alpha1) for kubectl apply -f
  tfjob, pytorchjob  legacy: a Kubeflow Training Operator v1 manifest (YAML, kubeflow.org/v1), for clusters still on Trainer 1.x
A spec that does not import is never exported. A spec with validation errors (or parts Vertex AI cannot express) is refused unless --force is given; diagnostics go to stderr.

Options:
</source>
        <translation>Aufruf: trainyard export --to yaml|gcloud|vertex|trainjob|tfjob|pytorchjob [OPTIONEN] [JOB-FLAGS] DATEI [-- ARG...]

Gibt die Spezifikation in DATEI mit den angewandten Job-Flags auf stdout aus als:
  yaml    config.yaml für gcloud --config (ohne trainyardLocal)
  gcloud  ein Befehl gcloud ai-platform jobs submit training; Felder ohne Flag gehen über --config
  vertex  ein Vertex-AI-CustomJob (JSON)
  trainjob  ein Kubeflow-Trainer-v2-TrainJob (YAML, trainer.kubeflow.org/v1alpha1) für kubectl apply -f
  tfjob, pytorchjob  veraltet: ein Manifest des Kubeflow Training Operator v1 (YAML, kubeflow.org/v1), für Cluster, die noch Trainer 1.x nutzen
Eine Spezifikation, die sich nicht importieren lässt, wird nie exportiert. Eine Spezifikation mit Validierungsfehlern (oder Teilen, die Vertex AI nicht ausdrücken kann) wird abgelehnt, außer mit --force; Diagnosen gehen nach stderr.

Optionen:
</translation>
    </message>
    <message>
        <source>--to is required: yaml, gcloud, vertex, trainjob, tfjob or pytorchjob</source>
        <translation>--to ist erforderlich: yaml, gcloud, vertex, trainjob, tfjob oder pytorchjob</translation>
    </message>
    <message>
        <source>unknown --to &apos;%1&apos;; use yaml, gcloud, vertex, trainjob, tfjob or pytorchjob</source>
        <translation>unbekanntes --to &apos;%1&apos;; verwenden Sie yaml, gcloud, vertex, trainjob, tfjob oder pytorchjob</translation>
    </message>
    <message>
        <source>unknown --trainer-version &apos;%1&apos;; use one of %2</source>
        <translation>unbekannte --trainer-version &apos;%1&apos;; verwenden Sie eine von %2</translation>
    </message>
    <message>
        <source>--runtime and --trainer-version are for --to trainjob</source>
        <translation>--runtime und --trainer-version gelten für --to trainjob</translation>
    </message>
    <message>
        <source>the local record %1: %2</source>
        <translation>der lokale Eintrag %1: %2</translation>
    </message>
    <message>
        <source>Wait at most this long for the job to end (default 900)</source>
        <translation>Höchstens so lange warten, bis der Job endet (Standard 900)</translation>
    </message>
    <message>
        <source>--timeout must be 1 to 2592000 seconds</source>
        <translation>--timeout muss 1 bis 2592000 Sekunden sein</translation>
    </message>
    <message>
        <source>the job is still %1 after %2 s; it may end later: trainyard ai custom-jobs describe %3</source>
        <translation>der Job ist nach %2 s noch %1; er endet womöglich später: trainyard ai custom-jobs describe %3</translation>
    </message>
    <message>
        <source>Stop following after this long (default: the job&apos;s own time limit and an hour)</source>
        <translation>Nach dieser Zeit nicht mehr folgen (Standard: das Zeitlimit des Jobs und eine Stunde)</translation>
    </message>
    <message>
        <source>Stopped following: the job is still %1 after the time limit of following it; it may end later.</source>
        <translation>Nicht mehr gefolgt: der Job ist nach dem Zeitlimit des Folgens noch %1; er endet womöglich später.</translation>
    </message>
    <message>
        <source>Usage: trainyard ai custom-jobs COMMAND ...

Vertex AI custom training (as gcloud ai custom-jobs). Credentials are Google&apos;s Application Default Credentials: GOOGLE_APPLICATION_CREDENTIALS, else the file `gcloud auth application-default login` writes.

Commands:
  create --config FILE [--region R] [--project P] [--display-name N]
         [--service-account EMAIL] [JOB FLAGS]   Submit a spec as a CustomJob
  list --region R [--project P] [--filter EXPR]  List the CustomJobs
  describe JOB                                   Show a job (JSON)
  stream-logs JOB [--polling-interval S] [--timeout S]
                                                 Print its logs until it ends
  cancel JOB [--async] [--timeout S]             Cancel it and wait until it has ended

JOB: a resource name, the ID of a job&apos;s local record, or a numeric ID with --region and --project.
Regions (us-central1), projects and job names are checked before anything is sent; requests go only to Google&apos;s hosts or the endpoints configured in TRAINYARD_*_ENDPOINT.
Exit status: 0 done, 1 spec errors or a failed cloud call, 2 usage error.
</source>
        <translation>Aufruf: trainyard ai custom-jobs COMMAND ...

Vertex AI Custom Training (wie gcloud ai custom-jobs). Anmeldedaten sind Googles Application Default Credentials: GOOGLE_APPLICATION_CREDENTIALS, sonst die Datei, die `gcloud auth application-default login` schreibt.

Befehle:
  create --config FILE [--region R] [--project P] [--display-name N]
         [--service-account EMAIL] [JOB FLAGS]   Eine Spezifikation als CustomJob übermitteln
  list --region R [--project P] [--filter EXPR]  Die CustomJobs auflisten
  describe JOB                                   Einen Job anzeigen (JSON)
  stream-logs JOB [--polling-interval S] [--timeout S]
                                                 Seine Logs ausgeben, bis er endet
  cancel JOB [--async] [--timeout S]             Ihn abbrechen und warten, bis er beendet ist

JOB: ein Ressourcenname, die ID des lokalen Eintrags eines Jobs oder eine numerische ID mit --region und --project.
Regionen (us-central1), Projekte und Jobnamen werden geprüft, bevor etwas gesendet wird; Anfragen gehen nur an Googles Hosts oder an die in TRAINYARD_*_ENDPOINT eingestellten Endpunkte.
Exit-Status: 0 erledigt, 1 Fehler in der Spezifikation oder ein fehlgeschlagener Cloud-Aufruf, 2 Aufruffehler.
</translation>
    </message>
    <message>
        <source>name one shell: bash, zsh or fish</source>
        <translation>nennen Sie eine Shell: bash, zsh oder fish</translation>
    </message>
    <message>
        <source>unknown shell &apos;%1&apos;; use bash, zsh or fish</source>
        <translation>unbekannte Shell „%1“; verwenden Sie bash, zsh oder fish</translation>
    </message>
    <message>
        <source>trainyard: cannot write %1: %2</source>
        <translation>trainyard: %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Usage: trainyard [COMMAND [ARGS...]]

Without a command, Trainyard opens its window.

Commands:
  validate   Check job specs against the service&apos;s rules
  export     Print a job spec as config YAML, a gcloud command or a Vertex AI CustomJob
  import-gcloud  Print the config.yaml of a pasted gcloud training command
  local      Run a training job on this machine (local train)
  jobs       Submit, list, describe, follow and cancel jobs; print their metrics
  secrets    Store, list and delete named secrets for trainers
  ai         Submit, watch and cancel jobs on Vertex AI (custom-jobs)
  completion Print a shell completion script (bash, zsh, fish)
  help       Show the help of a command

Options:
  -h, --help     Show this help
  --version      Show the version

Run &apos;trainyard help COMMAND&apos; or &apos;trainyard COMMAND --help&apos; for the options and job flags of a command.
</source>
        <translation>Aufruf: trainyard [COMMAND [ARGS...]]

Ohne Befehl öffnet Trainyard sein Fenster.

Befehle:
  validate   Jobspezifikationen gegen die Regeln des Dienstes prüfen
  export     Eine Jobspezifikation als config-YAML, gcloud-Befehl oder Vertex AI CustomJob ausgeben
  import-gcloud  Die config.yaml eines eingefügten gcloud-Trainingsbefehls ausgeben
  local      Einen Trainingsjob auf diesem Rechner ausführen (local train)
  jobs       Jobs übermitteln, auflisten, beschreiben, verfolgen und abbrechen; ihre Metriken ausgeben
  secrets    Benannte Geheimnisse für Trainer speichern, auflisten und löschen
  ai         Jobs auf Vertex AI übermitteln, verfolgen und abbrechen (custom-jobs)
  completion Ein Skript zur Vervollständigung in der Shell ausgeben (bash, zsh, fish)
  help       Die Hilfe eines Befehls anzeigen

Optionen:
  -h, --help     Diese Hilfe anzeigen
  --version      Die Version anzeigen

&apos;trainyard help COMMAND&apos; oder &apos;trainyard COMMAND --help&apos; zeigt die Optionen und Job-Flags eines Befehls.
</translation>
    </message>
    <message>
        <source>trainyard: &apos;%1&apos; is neither a command nor a config file</source>
        <translation>trainyard: „%1“ ist weder ein Befehl noch eine Konfigurationsdatei</translation>
    </message>
    <message>
        <source>trainyard: unknown command &apos;%1&apos;; did you mean &apos;%2&apos;?</source>
        <translation>trainyard: unbekannter Befehl „%1“; meinten Sie „%2“?</translation>
    </message>
    <message>
        <source>Usage: trainyard local gpus

Lists this machine&apos;s NVIDIA GPUs as the local runs see them (NVML, libnvidia-ml.so.1): index, name, UUID and memory. A machine without the library or without a GPU has none; that is not an error.
</source>
        <translation>Aufruf: trainyard local gpus

Listet die NVIDIA-GPUs dieses Rechners, wie lokale Läufe sie sehen (NVML, libnvidia-ml.so.1): Index, Name, UUID und Speicher. Ein Rechner ohne die Bibliothek oder ohne GPU hat keine; das ist kein Fehler.
</translation>
    </message>
    <message>
        <source>No GPU: %1</source>
        <translation>Keine GPU: %1</translation>
    </message>
    <message>
        <source>Driver %1</source>
        <translation>Treiber %1</translation>
    </message>
    <message>
        <source>Job [%1] refused: %2</source>
        <translation>Job [%1] abgelehnt: %2</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <source>GPUs: %1</source>
        <translation>GPUs: %1</translation>
    </message>
    <message>
        <source>cannot sort by &apos;%1&apos;; use %2 (~ before a field sorts it descending)</source>
        <translation>nach „%1“ kann nicht sortiert werden; verwenden Sie %2 (~ vor einem Feld sortiert absteigend)</translation>
    </message>
    <message>
        <source>table (the default), json or yaml</source>
        <translation>table (Standard), json oder yaml</translation>
    </message>
    <message>
        <source>Sort by jobId, state, createTime or where; ~FIELD descending (default ~createTime, newest first)</source>
        <translation>Nach jobId, state, createTime oder where sortieren; ~FELD absteigend (Standard ~createTime, neueste zuerst)</translation>
    </message>
    <message>
        <source>List at most N jobs</source>
        <translation>Höchstens N Jobs auflisten</translation>
    </message>
    <message>
        <source>unknown --format &apos;%1&apos;; use table, json or yaml</source>
        <translation>unbekanntes --format „%1“; verwenden Sie table, json oder yaml</translation>
    </message>
    <message>
        <source>--limit needs a whole number of at least 1</source>
        <translation>--limit braucht eine ganze Zahl von mindestens 1</translation>
    </message>
    <message>
        <source>How replicas get this machine&apos;s GPUs: auto, GPUs of their own as the spec&apos;s acceleratorConfig asks (refused when too few); cpu, every GPU hidden (NCCL needs a GPU per rank, gloo runs on the CPU); shared, handed out round-robin (NCCL refuses two ranks on one GPU). Default auto</source>
        <translation>Wie Replikate die GPUs dieses Rechners bekommen: auto, eigene GPUs, wie acceleratorConfig der Spezifikation verlangt (abgelehnt, wenn zu wenige); cpu, jede GPU verborgen (NCCL braucht eine GPU pro Rang, gloo läuft auf der CPU); shared, reihum verteilt (NCCL lehnt zwei Ränge auf einer GPU ab). Standard auto</translation>
    </message>
    <message>
        <source>Hyperparameter tuning: run at most N of the spec&apos;s maxTrials trials, maxParallelTrials at once where the machine holds them (default %1, 0: all)</source>
        <translation>Hyperparameter-Tuning: höchstens N der maxTrials-Versuche der Spezifikation ausführen, maxParallelTrials gleichzeitig, soweit der Rechner sie trägt (Standard %1, 0: alle)</translation>
    </message>
    <message>
        <source>--gpus must be auto, cpu or shared, not &apos;%1&apos;</source>
        <translation>--gpus muss auto, cpu oder shared sein, nicht „%1“</translation>
    </message>
    <message>
        <source>
`trainyard local gpus` lists this machine&apos;s GPUs.
</source>
        <translation>
`trainyard local gpus` listet die GPUs dieses Rechners.
</translation>
    </message>
    <message>
        <source>usage: jobs rehearse JOB_ID --replica NAME --event maintenance|crash</source>
        <translation>Aufruf: jobs rehearse JOB_ID --replica NAME --event maintenance|crash</translation>
    </message>
    <message>
        <source>--event must be maintenance or crash, not &apos;%1&apos;</source>
        <translation>--event muss maintenance oder crash sein, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <source>The job %1 is %2; only a RUNNING job can rehearse a restart.</source>
        <translation>Der Job %1 ist %2; nur ein laufender Job (RUNNING) kann einen Neustart proben.</translation>
    </message>
    <message>
        <source>The job %1 has no replica %2; its replicas: %3.</source>
        <translation>Der Job %1 hat kein Replikat %2; seine Replikate: %3.</translation>
    </message>
    <message>
        <source>The job&apos;s owner did not take the request within 10 s; nothing was done.</source>
        <translation>Der Besitzerprozess des Jobs hat die Anfrage nicht innerhalb von 10 s angenommen; es wurde nichts getan.</translation>
    </message>
    <message>
        <source>%1 of %2: VM maintenance: SIGTERM, up to %3 s grace period, SIGKILL, then a restart with the same TF_CONFIG, port and environment (not counted against the restarts). See `jobs describe %2` for whether it resumed.</source>
        <translation>%1 von %2: VM-Wartung: SIGTERM, bis zu %3 s Schonfrist, SIGKILL, dann ein Neustart mit derselben TF_CONFIG, demselben Port und derselben Umgebung (zählt nicht zu den Neustarts). Ob es fortgesetzt hat, zeigt `jobs describe %2`.</translation>
    </message>
    <message>
        <source>%1 of %2: crashed (SIGKILL); it restarts as after a non-zero exit, counted against the restarts. See `jobs describe %2` for whether it resumed.</source>
        <translation>%1 von %2: abgestürzt (SIGKILL); es startet neu wie nach einem Exit-Code ungleich null und zählt zu den Neustarts. Ob es fortgesetzt hat, zeigt `jobs describe %2`.</translation>
    </message>
    <message>
        <source>Usage: trainyard jobs COMMAND ...

Jobs run on this machine; they keep running when the console exits.

Commands:
  submit training JOB_ID --config FILE [...]   Validate and run a job
  list [--filter EXPRESSION] [--format=table|json|yaml] [--sort-by=FIELD] [--limit=N]
                                               List jobs, newest first (e.g. --filter state=RUNNING, --filter &apos;jobId:census*&apos;, --sort-by=jobId)
  describe JOB_ID                              Show a job as YAML
  metrics JOB_ID [--format=csv|json] [--source SOURCE] [--metric METRIC]
                                               Print every stored point of the job&apos;s metric series
                                               (log, hypertune, TensorBoard, system), also while it runs;
                                               csv by default (source,metric,step,wall_time,value), or json
  stream-logs JOB_ID                           Follow a job&apos;s logs until it ends
  cancel JOB_ID                                Cancel a job and wait until it is CANCELLED
  rehearse JOB_ID --replica NAME --event maintenance|crash
                                               Rehearse the service&apos;s restart of a running replica:
                                               VM maintenance (SIGTERM, grace period, SIGKILL, restart;
                                               not counted) or a crash (SIGKILL; counted)
</source>
        <translation>Aufruf: trainyard jobs COMMAND ...

Jobs laufen auf diesem Rechner; sie laufen weiter, wenn die Konsole beendet wird.

Befehle:
  submit training JOB_ID --config FILE [...]   Einen Job prüfen und ausführen
  list [--filter EXPRESSION] [--format=table|json|yaml] [--sort-by=FIELD] [--limit=N]
                                               Jobs auflisten, neueste zuerst (z. B. --filter state=RUNNING, --filter &apos;jobId:census*&apos;, --sort-by=jobId)
  describe JOB_ID                              Einen Job als YAML anzeigen
  metrics JOB_ID [--format=csv|json] [--source SOURCE] [--metric METRIC]
                                               Jeden gespeicherten Punkt der Metrikreihen des Jobs ausgeben
                                               (Log, Hypertune, TensorBoard, System), auch während er läuft;
                                               standardmäßig CSV (source,metric,step,wall_time,value), oder JSON
  stream-logs JOB_ID                           Die Logs eines Jobs verfolgen, bis er endet
  cancel JOB_ID                                Einen Job abbrechen und warten, bis er CANCELLED ist
  rehearse JOB_ID --replica NAME --event maintenance|crash
                                               Einen Neustart des Dienstes für ein laufendes Replikat proben:
                                               VM-Wartung (SIGTERM, Schonfrist, SIGKILL, Neustart;
                                               zählt nicht) oder ein Absturz (SIGKILL; zählt)
</translation>
    </message>
    <message>
        <source>Rehearse the service&apos;s VM maintenance: each replica gets SIGTERM, the grace period, SIGKILL and a restart with the same TF_CONFIG once, at a moment seeded by the job ID (a rerun repeats it); `jobs describe` then says whether it resumed from a checkpoint</source>
        <translation>Die VM-Wartung des Dienstes proben: jedes Replikat bekommt einmal SIGTERM, die Schonfrist, SIGKILL und einen Neustart mit derselben TF_CONFIG, zu einem aus der Job-ID abgeleiteten Zeitpunkt (ein erneuter Lauf wiederholt ihn); `jobs describe` sagt dann, ob es von einem Checkpoint fortgesetzt hat</translation>
    </message>
    <message>
        <source>started over at step %1 after reaching step %2; no checkpoint was restored. Save checkpoints under the job dir regularly and restore the most recent one at start.</source>
        <translation>hat bei Schritt %1 neu begonnen, nachdem Schritt %2 erreicht war; kein Checkpoint wurde wiederhergestellt. Speichern Sie regelmäßig Checkpoints unter dem Jobverzeichnis und stellen Sie beim Start den neuesten wieder her.</translation>
    </message>
    <message>
        <source>Usage: trainyard completion bash|zsh|fish

Print a completion script for the shell: commands, subcommands, flags and their values (formats, and regions, scale tiers, machine types and runtime versions from the catalog), from the same help text &apos;trainyard help&apos; prints.

Examples:
  source &lt;(trainyard completion bash)
  trainyard completion zsh &gt; &quot;${fpath[1]}/_trainyard&quot;
  trainyard completion fish &gt; ~/.config/fish/completions/trainyard.fish
</source>
        <translation>Aufruf: trainyard completion bash|zsh|fish

Gibt ein Vervollständigungsskript für die Shell aus: Befehle, Unterbefehle, Optionen und ihre Werte (Formate sowie Regionen, Skalierungsstufen, Maschinentypen und Laufzeitversionen aus dem Katalog), aus demselben Hilfetext, den „trainyard help“ ausgibt.

Beispiele:
  source &lt;(trainyard completion bash)
  trainyard completion zsh &gt; &quot;${fpath[1]}/_trainyard&quot;
  trainyard completion fish &gt; ~/.config/fish/completions/trainyard.fish
</translation>
    </message>
    <message>
        <source>usage: supervise [--store DIR] JOB_ID | --standby</source>
        <translation>Aufruf: supervise [--store DIR] JOB_ID | --standby</translation>
    </message>
    <message>
        <source>trainyard: this program has no cloud commands; run %1</source>
        <translation>trainyard: Dieses Programm hat keine Cloud-Befehle; führen Sie %1 aus</translation>
    </message>
    <message numerus="yes">
        <source>continues the study of %1 (%n trial(s) as observations; trial IDs continue after them)</source>
        <translation>
            <numerusform>setzt die Studie von %1 fort (%n Versuch als Beobachtung; die Versuchs-IDs zählen danach weiter)</numerusform>
            <numerusform>setzt die Studie von %1 fort (%n Versuche als Beobachtungen; die Versuchs-IDs zählen danach weiter)</numerusform>
        </translation>
    </message>
    <message>
        <source>Run it with --gpus=cpu to hide every GPU (NCCL needs a GPU per rank; the gloo backend runs on the CPU).</source>
        <translation>Starten Sie ihn mit --gpus=cpu, um jede GPU zu verbergen (NCCL braucht eine GPU pro Rang; das gloo-Backend läuft auf der CPU).</translation>
    </message>
    <message>
        <source>Run it with --gpus=shared to hand the GPUs out round-robin (NCCL refuses two ranks on one GPU).</source>
        <translation>Starten Sie ihn mit --gpus=shared, um die GPUs reihum zu verteilen (NCCL lehnt zwei Ränge auf einer GPU ab).</translation>
    </message>
    <message>
        <source>Give the trainer&apos;s package folder with --package-path, or as trainyardLocal.packagePath in the config (relative to the config&apos;s folder).</source>
        <translation>Geben Sie den Paketordner des Trainers mit --package-path an oder als trainyardLocal.packagePath in der Konfiguration (relativ zu ihrem Ordner).</translation>
    </message>
    <message>
        <source>Free some space on that disk, or delete old jobs (`trainyard jobs list`, then remove their folders), or set TRAINYARD_HOME to a store on another disk.</source>
        <translation>Geben Sie auf diesem Datenträger Platz frei, löschen Sie alte Jobs (`trainyard jobs list`, dann ihre Ordner entfernen) oder setzen Sie TRAINYARD_HOME auf einen Speicher auf einem anderen Datenträger.</translation>
    </message>
    <message>
        <source>Choose another first port with --start-port.</source>
        <translation>Wählen Sie mit --start-port einen anderen ersten Port.</translation>
    </message>
    <message>
        <source>Region of the jobs (default: the spec&apos;s region, else the one chosen in the window&apos;s Settings &gt; Google Cloud)</source>
        <translation>Region der Jobs (Vorgabe: die Region der Spezifikation, sonst die im Fenster unter Einstellungen &gt; Google Cloud gewählte)</translation>
    </message>
    <message>
        <source>Project (default: the one chosen in the window&apos;s Settings &gt; Google Cloud, else GOOGLE_CLOUD_PROJECT, else the credentials&apos; project)</source>
        <translation>Projekt (Vorgabe: das im Fenster unter Einstellungen &gt; Google Cloud gewählte, sonst GOOGLE_CLOUD_PROJECT, sonst das Projekt der Anmeldedaten)</translation>
    </message>
    <message>
        <source>local train takes no --config, as gcloud&apos;s does not: give the trainer with --module-name and --package-path, or run a config file&apos;s job with `trainyard jobs submit training JOB_ID --config FILE`</source>
        <translation>local train nimmt kein --config, wie das von gcloud auch nicht: geben Sie den Trainer mit --module-name und --package-path an, oder führen Sie den Job einer Konfigurationsdatei mit `trainyard jobs submit training JOB_ID --config FILE` aus</translation>
    </message>
    <message>
        <source>Job [%1]: %2.</source>
        <translation>Job [%1]: %2.</translation>
    </message>
    <message>
        <source>Job [%1] %2; %3.</source>
        <translation>Job [%1] %2; %3.</translation>
    </message>
</context>
<context>
    <name>trainyard::CloudApi</name>
    <message>
        <source>no details</source>
        <translation>keine Einzelheiten</translation>
    </message>
    <message>
        <source>Cannot %1: not authenticated (%2): %3 Check the credentials in %4; `gcloud auth application-default login` renews user credentials.</source>
        <translation>%1 nicht möglich: nicht authentifiziert (%2): %3 Die Anmeldedaten in %4 prüfen; `gcloud auth application-default login` erneuert Benutzer-Anmeldedaten.</translation>
    </message>
    <message>
        <source>Cannot %1: permission denied (%2): %3 The account %4 needs the IAM permission %5 (for example through the role Vertex AI User).</source>
        <translation>%1 nicht möglich: Zugriff verweigert (%2): %3 Das Konto %4 braucht die IAM-Berechtigung %5 (zum Beispiel über die Rolle Vertex AI User).</translation>
    </message>
    <message>
        <source>Cannot %1: permission denied (%2): %3 (account %4)</source>
        <translation>%1 nicht möglich: Zugriff verweigert (%2): %3 (Konto %4)</translation>
    </message>
    <message>
        <source>Cannot %1: not found (%2): %3</source>
        <translation>%1 nicht möglich: nicht gefunden (%2): %3</translation>
    </message>
    <message>
        <source>Cannot %1: conflict (%2): %3</source>
        <translation>%1 nicht möglich: Konflikt (%2): %3</translation>
    </message>
    <message>
        <source>Cannot %1: quota or rate limit exceeded (%2), retries exhausted: %3</source>
        <translation>%1 nicht möglich: Kontingent oder Ratenlimit überschritten (%2), Wiederholungen erschöpft: %3</translation>
    </message>
    <message>
        <source>Cannot %1: the service is unavailable (%2), retries exhausted: %3</source>
        <translation>%1 nicht möglich: der Dienst ist nicht erreichbar (%2), Wiederholungen erschöpft: %3</translation>
    </message>
    <message>
        <source>Cannot %1 (%2): the service refused these fields:</source>
        <translation>%1 nicht möglich (%2): der Dienst lehnte diese Felder ab:</translation>
    </message>
    <message>
        <source>Cannot %1 (%2): %3</source>
        <translation>%1 nicht möglich (%2): %3</translation>
    </message>
    <message>
        <source>Cannot %1: no answer from %2: %3</source>
        <translation>%1 nicht möglich: keine Antwort von %2: %3</translation>
    </message>
    <message>
        <source>create the job in %1</source>
        <translation>Job in %1 anlegen</translation>
    </message>
    <message>
        <source>read the job %1</source>
        <translation>Job %1 lesen</translation>
    </message>
    <message>
        <source>cancel the job %1</source>
        <translation>Job %1 abbrechen</translation>
    </message>
    <message>
        <source>list the jobs of %1 in %2</source>
        <translation>Jobs von %1 in %2 auflisten</translation>
    </message>
    <message>
        <source>read the job&apos;s logs</source>
        <translation>Logs des Jobs lesen</translation>
    </message>
    <message>
        <source>Cannot %1: the answer of %2 (HTTP %3) is %4</source>
        <translation>%1 nicht möglich: die Antwort von %2 (HTTP %3) ist %4</translation>
    </message>
    <message>
        <source>Cannot %1: %2</source>
        <translation>%1 nicht möglich: %2</translation>
    </message>
    <message>
        <source>empty, not JSON</source>
        <translation>leer, kein JSON</translation>
    </message>
    <message>
        <source>not JSON: %1</source>
        <translation>kein JSON: %1</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a region: a region is named like us-central1 ([a-z]+-[a-z]+[0-9]+)</source>
        <translation>&apos;%1&apos; ist keine Region: eine Region heißt etwa us-central1 ([a-z]+-[a-z]+[0-9]+)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a project ID: 6 to 30 lowercase letters, digits and hyphens, starting with a letter (or a project number)</source>
        <translation>&apos;%1&apos; ist keine Projekt-ID: 6 bis 30 Kleinbuchstaben, Ziffern und Bindestriche, beginnend mit einem Buchstaben (oder eine Projektnummer)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a job&apos;s resource name: projects/PROJECT/locations/REGION/customJobs/NUMBER (or hyperparameterTuningJobs/NUMBER)</source>
        <translation>&apos;%1&apos; ist kein Ressourcenname eines Jobs: projects/PROJECT/locations/REGION/customJobs/NUMBER (oder hyperparameterTuningJobs/NUMBER)</translation>
    </message>
    <message>
        <source>refused to send a request to %1: only https://*.googleapis.com/ and the endpoints configured in TRAINYARD_VERTEX_ENDPOINT, TRAINYARD_LOGGING_ENDPOINT and TRAINYARD_STORAGE_ENDPOINT are contacted</source>
        <translation>keine Anfrage an %1 gesendet: nur https://*.googleapis.com/ und die in TRAINYARD_VERTEX_ENDPOINT, TRAINYARD_LOGGING_ENDPOINT und TRAINYARD_STORAGE_ENDPOINT eingestellten Endpunkte werden angesprochen</translation>
    </message>
    <message>
        <source>a job without a valid resource name</source>
        <translation>ein Job ohne gültigen Ressourcennamen</translation>
    </message>
    <message>
        <source>a job without a valid state</source>
        <translation>ein Job ohne gültigen Zustand</translation>
    </message>
    <message>
        <source>unknown job collection</source>
        <translation>unbekannte Job-Sammlung</translation>
    </message>
    <message>
        <source>read the job</source>
        <translation>den Job lesen</translation>
    </message>
    <message>
        <source>cancel the job</source>
        <translation>den Job abbrechen</translation>
    </message>
    <message>
        <source>list the jobs</source>
        <translation>die Jobs auflisten</translation>
    </message>
    <message>
        <source>not a page of jobs</source>
        <translation>keine Seite mit Jobs</translation>
    </message>
    <message>
        <source>not a page of log entries</source>
        <translation>keine Seite mit Log-Einträgen</translation>
    </message>
</context>
<context>
    <name>trainyard::CloudJob</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: not a cloud job record</source>
        <translation>%1: kein Cloud-Job-Eintrag</translation>
    </message>
    <message>
        <source>local</source>
        <translation>lokal</translation>
    </message>
    <message>
        <source>Vertex AI · %1</source>
        <translation>Vertex AI · %1</translation>
    </message>
</context>
<context>
    <name>trainyard::CloudSubmit</name>
    <message>
        <source>no local record can be made for &apos;%1&apos;</source>
        <translation>für &apos;%1&apos; kann kein lokaler Eintrag angelegt werden</translation>
    </message>
    <message>
        <source>not submitted: %1</source>
        <translation>nicht übermittelt: %1</translation>
    </message>
    <message>
        <source>%1: no such package file or directory</source>
        <translation>%1: keine solche Paketdatei und kein solches Verzeichnis</translation>
    </message>
    <message>
        <source>the staging bucket must be gs://BUCKET[/PATH], not &apos;%1&apos;</source>
        <translation>der Staging-Bucket muss gs://BUCKET[/PATH] sein, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <source>no project: give --project or set GOOGLE_CLOUD_PROJECT</source>
        <translation>kein Projekt: --project angeben oder GOOGLE_CLOUD_PROJECT setzen</translation>
    </message>
    <message>
        <source>no region: give --region or trainingInput.region</source>
        <translation>keine Region: --region oder trainingInput.region angeben</translation>
    </message>
    <message>
        <source>local archives in --packages are uploaded to --staging-bucket: give it</source>
        <translation>lokale Archive in --packages werden nach --staging-bucket hochgeladen: bitte angeben</translation>
    </message>
    <message>
        <source>--staging-bucket must be gs://BUCKET[/PATH] with a bucket name of 3 to 63 lowercase letters, digits, dots, hyphens and underscores, not &apos;%1&apos;</source>
        <translation>--staging-bucket muss gs://BUCKET[/PATH] sein, mit einem Bucket-Namen aus 3 bis 63 Kleinbuchstaben, Ziffern, Punkten, Bindestrichen und Unterstrichen, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--staging-bucket needs a package: trainyardLocal.packagePath, --package-path or local archives in --packages</source>
        <translation>--staging-bucket braucht ein Paket: trainyardLocal.packagePath, --package-path oder lokale Archive in --packages</translation>
    </message>
</context>
<context>
    <name>trainyard::ClusterLayout</name>
    <message>
        <source>Cannot resolve the host %1: %2</source>
        <translation>Der Host %1 kann nicht aufgelöst werden: %2</translation>
    </message>
    <message>
        <source>Not enough free ports on %1: the cluster needs %2 ports from %3 upward, only %4 are free.</source>
        <translation>Nicht genug freie Ports auf %1: Der Cluster braucht %2 Ports ab %3, nur %4 sind frei.</translation>
    </message>
    <message>
        <source>pid %1</source>
        <translation>PID %1</translation>
    </message>
    <message>
        <source>pid %1, %2</source>
        <translation>PID %1, %2</translation>
    </message>
    <message>
        <source>a process of uid %1</source>
        <translation>ein Prozess der UID %1</translation>
    </message>
</context>
<context>
    <name>trainyard::Credentials</name>
    <message>
        <source>%1: not a credentials file: JSON error at offset %2: %3</source>
        <translation>%1: keine Anmeldedatei: JSON-Fehler an Position %2: %3</translation>
    </message>
    <message>
        <source>%1: not a credentials file: not a JSON object</source>
        <translation>%1: keine Anmeldedatei: kein JSON-Objekt</translation>
    </message>
    <message>
        <source>%1: %2 credentials without &quot;%3&quot;</source>
        <translation>%1: %2-Anmeldedaten ohne &quot;%3&quot;</translation>
    </message>
    <message>
        <source>%1: private_key: %2</source>
        <translation>%1: private_key: %2</translation>
    </message>
    <message>
        <source>%1: credentials without &quot;type&quot;</source>
        <translation>%1: Anmeldedaten ohne &quot;type&quot;</translation>
    </message>
    <message>
        <source>%1: credentials of type &quot;%2&quot; are not supported; use a service account key or `gcloud auth application-default login`</source>
        <translation>%1: Anmeldedaten vom Typ &quot;%2&quot; werden nicht unterstützt; einen Dienstkonto-Schlüssel oder `gcloud auth application-default login` verwenden</translation>
    </message>
    <message>
        <source>%1: cannot read: %2</source>
        <translation>%1: nicht lesbar: %2</translation>
    </message>
    <message>
        <source>%1: not a credentials file: too large</source>
        <translation>%1: keine Anmeldedatei: zu groß</translation>
    </message>
    <message>
        <source>GOOGLE_APPLICATION_CREDENTIALS names %1, which does not exist</source>
        <translation>GOOGLE_APPLICATION_CREDENTIALS nennt %1, das es nicht gibt</translation>
    </message>
    <message>
        <source>No Google Cloud credentials found. Run `gcloud auth application-default login`, or set GOOGLE_APPLICATION_CREDENTIALS to a service account key file.</source>
        <translation>Keine Google-Cloud-Anmeldedaten gefunden. `gcloud auth application-default login` ausführen oder GOOGLE_APPLICATION_CREDENTIALS auf eine Dienstkonto-Schlüsseldatei setzen.</translation>
    </message>
    <message>
        <source>not a PEM private key</source>
        <translation>kein privater PEM-Schlüssel</translation>
    </message>
    <message>
        <source>not an RSA key (RS256 needs one)</source>
        <translation>kein RSA-Schlüssel (RS256 braucht einen)</translation>
    </message>
    <message>
        <source>the key cannot sign</source>
        <translation>der Schlüssel kann nicht signieren</translation>
    </message>
    <message>
        <source>No Google Cloud credentials.</source>
        <translation>Keine Google-Cloud-Anmeldedaten.</translation>
    </message>
    <message>
        <source>The token endpoint %1 answered without an access token.</source>
        <translation>Der Token-Endpunkt %1 antwortete ohne Zugriffstoken.</translation>
    </message>
    <message>
        <source>Cannot reach the token endpoint %1: %2</source>
        <translation>Der Token-Endpunkt %1 ist nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>The refresh token in %1 was refused (%2): it was revoked or has expired. Run `gcloud auth application-default login` again.</source>
        <translation>Das Aktualisierungstoken in %1 wurde abgelehnt (%2): es wurde widerrufen oder ist abgelaufen. `gcloud auth application-default login` erneut ausführen.</translation>
    </message>
    <message>
        <source>The service account key of %1 (%2) was refused by %3 (%4): the key may be deleted or disabled.</source>
        <translation>Der Dienstkonto-Schlüssel von %1 (%2) wurde von %3 abgelehnt (%4): der Schlüssel ist vielleicht gelöscht oder deaktiviert.</translation>
    </message>
    <message>
        <source>The token endpoint %1 refused the credentials in %2 (%3).</source>
        <translation>Der Token-Endpunkt %1 lehnte die Anmeldedaten in %2 ab (%3).</translation>
    </message>
</context>
<context>
    <name>trainyard::GcloudCommand</name>
    <message>
        <source>No gcloud flag can set %1: save the spec as %2 first (trainyard export --to yaml FILE &gt; %2).</source>
        <translation>Kein gcloud-Flag kann %1 setzen: Speichern Sie die Spezifikation zuerst als %2 (trainyard export --to yaml FILE &gt; %2).</translation>
    </message>
</context>
<context>
    <name>trainyard::GcloudFlags</name>
    <message>
        <source>Job ID (gcloud&apos;s JOB)</source>
        <translation>Job-ID (JOB bei gcloud)</translation>
    </message>
    <message>
        <source>Labels of the job (replace the file&apos;s)</source>
        <translation>Labels des Jobs (ersetzen die der Datei)</translation>
    </message>
    <message>
        <source>Region to run the job in</source>
        <translation>Region, in der der Job läuft</translation>
    </message>
    <message>
        <source>basic, standard-1, premium-1, basic-gpu, basic-tpu or custom</source>
        <translation>basic, standard-1, premium-1, basic-gpu, basic-tpu oder custom</translation>
    </message>
    <message>
        <source>Machine type of the master</source>
        <translation>Maschinentyp des Masters</translation>
    </message>
    <message>
        <source>Accelerators of the master</source>
        <translation>Beschleuniger des Masters</translation>
    </message>
    <message>
        <source>Container image of the master</source>
        <translation>Container-Image des Masters</translation>
    </message>
    <message>
        <source>Number of workers (together with --worker-machine-type)</source>
        <translation>Anzahl der Worker (zusammen mit --worker-machine-type)</translation>
    </message>
    <message>
        <source>Machine type of the workers (together with --worker-count)</source>
        <translation>Maschinentyp der Worker (zusammen mit --worker-count)</translation>
    </message>
    <message>
        <source>Accelerators of each worker</source>
        <translation>Beschleuniger jedes Workers</translation>
    </message>
    <message>
        <source>Container image of the workers</source>
        <translation>Container-Image der Worker</translation>
    </message>
    <message>
        <source>Number of parameter servers (with --parameter-server-machine-type)</source>
        <translation>Anzahl der Parameterserver (mit --parameter-server-machine-type)</translation>
    </message>
    <message>
        <source>Machine type of the parameter servers (with --parameter-server-count)</source>
        <translation>Maschinentyp der Parameterserver (mit --parameter-server-count)</translation>
    </message>
    <message>
        <source>Accelerators of each parameter server</source>
        <translation>Beschleuniger jedes Parameterservers</translation>
    </message>
    <message>
        <source>Container image of the parameter servers</source>
        <translation>Container-Image der Parameterserver</translation>
    </message>
    <message>
        <source>TensorFlow version of a TPU worker</source>
        <translation>TensorFlow-Version eines TPU-Workers</translation>
    </message>
    <message>
        <source>Name the primary &apos;chief&apos; in TF_CONFIG</source>
        <translation>Das primäre Replikat in TF_CONFIG &apos;chief&apos; nennen</translation>
    </message>
    <message>
        <source>Python module to run</source>
        <translation>Auszuführendes Python-Modul</translation>
    </message>
    <message>
        <source>Local Python package directory</source>
        <translation>Lokales Python-Paketverzeichnis</translation>
    </message>
    <message>
        <source>Output directory, passed to the app</source>
        <translation>Ausgabeverzeichnis, wird der Anwendung übergeben</translation>
    </message>
    <message>
        <source>AI Platform runtime version</source>
        <translation>Laufzeitversion von AI Platform</translation>
    </message>
    <message>
        <source>Python version</source>
        <translation>Python-Version</translation>
    </message>
    <message>
        <source>VPC network to peer with</source>
        <translation>VPC-Netzwerk für das Peering</translation>
    </message>
    <message>
        <source>Service account to run as</source>
        <translation>Dienstkonto, unter dem der Job läuft</translation>
    </message>
    <message>
        <source>Cloud KMS key to encrypt the job with</source>
        <translation>Cloud-KMS-Schlüssel zum Verschlüsseln des Jobs</translation>
    </message>
    <message>
        <source>Allow interactive shells on the replicas</source>
        <translation>Interaktive Shells auf den Replikaten erlauben</translation>
    </message>
    <message>
        <source>expected an integer, got &apos;%1&apos;</source>
        <translation>Ganzzahl erwartet, erhalten: &apos;%1&apos;</translation>
    </message>
    <message>
        <source>%1 is out of range</source>
        <translation>%1 liegt außerhalb des zulässigen Bereichs</translation>
    </message>
    <message>
        <source>expected a number greater than 0, got %1</source>
        <translation>Zahl größer als 0 erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>expected a number of 0 or more, got %1</source>
        <translation>Zahl von 0 oder mehr erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos;; expected count=N,type=T with T one of: %2</source>
        <translation>unbekannter Schlüssel &apos;%1&apos;; erwartet wird count=N,type=T mit T aus: %2</translation>
    </message>
    <message>
        <source>both count and type are required, e.g. count=1,type=nvidia-tesla-t4; got &apos;%1&apos;</source>
        <translation>count und type sind beide erforderlich, z. B. count=1,type=nvidia-tesla-t4; erhalten: &apos;%1&apos;</translation>
    </message>
    <message>
        <source>count: %1</source>
        <translation>count: %1</translation>
    </message>
    <message>
        <source>unknown accelerator type &apos;%1&apos;; valid types: %2</source>
        <translation>unbekannter Beschleunigertyp &apos;%1&apos;; gültige Typen: %2</translation>
    </message>
    <message>
        <source>expected KEY=VALUE pairs separated by commas, got &apos;%1&apos;</source>
        <translation>durch Kommas getrennte KEY=VALUE-Paare erwartet, erhalten: &apos;%1&apos;</translation>
    </message>
    <message>
        <source>a switch takes no value (or true/false), got &apos;%1&apos;</source>
        <translation>ein Schalter nimmt keinen Wert an (oder true/false), erhalten: &apos;%1&apos;</translation>
    </message>
    <message>
        <source>expected a value</source>
        <translation>Wert erwartet</translation>
    </message>
    <message>
        <source>unknown scale tier &apos;%1&apos;; valid tiers: %2</source>
        <translation>unbekannte Skalierungsstufe &apos;%1&apos;; gültige Stufen: %2</translation>
    </message>
    <message>
        <source>%1 and %2 must be given together</source>
        <translation>%1 und %2 müssen zusammen angegeben werden</translation>
    </message>
    <message>
        <source>unknown flag; see the list of job flags in --help</source>
        <translation>unbekanntes Flag; siehe die Liste der Job-Flags in --help</translation>
    </message>
    <message>
        <source>Python packages to install: gs:// URIs or local archives</source>
        <translation>Zu installierende Python-Pakete: gs://-URIs oder lokale Archive</translation>
    </message>
    <message>
        <source>expected URIs separated by commas (gs:// URIs or local archives), got &apos;%1&apos;</source>
        <translation>durch Kommas getrennte URIs erwartet (gs://-URIs oder lokale Archive), erhalten: &apos;%1&apos;</translation>
    </message>
</context>
<context>
    <name>trainyard::GcloudPaste</name>
    <message>
        <source>gcloud command</source>
        <translation>gcloud-Befehl</translation>
    </message>
    <message>
        <source>%1 only steers the gcloud client; ignored here</source>
        <translation>%1 steuert nur den gcloud-Client; hier ignoriert</translation>
    </message>
    <message>
        <source>no gcloud command found; paste a line starting with gcloud ai-platform jobs submit training</source>
        <translation>kein gcloud-Befehl gefunden; fügen Sie eine Zeile ein, die mit gcloud ai-platform jobs submit training beginnt</translation>
    </message>
    <message>
        <source>&apos;gcloud %1&apos; is not a training command; expected gcloud ai-platform jobs submit training JOB or gcloud ai-platform local train</source>
        <translation>&apos;gcloud %1&apos; ist kein Trainingsbefehl; erwartet wird gcloud ai-platform jobs submit training JOB oder gcloud ai-platform local train</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos; before &apos;--&apos;; app arguments go after --</source>
        <translation>unerwartetes Argument &apos;%1&apos; vor &apos;--&apos;; Argumente für die App stehen nach --</translation>
    </message>
    <message>
        <source>--%1 needs a value</source>
        <translation>--%1 braucht einen Wert</translation>
    </message>
    <message>
        <source>unknown flag &apos;--%1&apos;</source>
        <translation>unbekanntes Flag &apos;--%1&apos;</translation>
    </message>
    <message>
        <source>the command names no JOB</source>
        <translation>der Befehl nennt keinen JOB</translation>
    </message>
    <message>
        <source>$%1 is not set in the pasted text; it is left as written</source>
        <translation>$%1 ist im eingefügten Text nicht gesetzt; es bleibt, wie es geschrieben ist</translation>
    </message>
</context>
<context>
    <name>trainyard::JobState</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation>Zeichenkette erwartet</translation>
    </message>
    <message>
        <source>expected a whole number from %1 to %2</source>
        <translation>ganze Zahl von %1 bis %2 erwartet</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an RFC 3339 time</source>
        <translation>&apos;%1&apos; ist keine Zeitangabe nach RFC 3339</translation>
    </message>
    <message>
        <source>unknown replica state &apos;%1&apos;</source>
        <translation>unbekannter Replikatzustand &apos;%1&apos;</translation>
    </message>
    <message>
        <source>not valid JSON at byte %1: %2</source>
        <translation>kein gültiges JSON bei Byte %1: %2</translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation>JSON-Objekt erwartet</translation>
    </message>
    <message>
        <source>format %1 is newer than this program understands (%2)</source>
        <translation>Format %1 ist neuer, als dieses Programm versteht (%2)</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>unknown job state &apos;%1&apos;</source>
        <translation>unbekannter Jobzustand &apos;%1&apos;</translation>
    </message>
    <message>
        <source>expected a list</source>
        <translation>Liste erwartet</translation>
    </message>
    <message>
        <source>expected an object</source>
        <translation>Objekt erwartet</translation>
    </message>
    <message>
        <source>expected a number</source>
        <translation>Zahl erwartet</translation>
    </message>
    <message>
        <source>the disk holding the store was nearly full at %1: %2 free, less than %3</source>
        <translation>der Datenträger des Jobspeichers war um %1 fast voll: %2 frei, weniger als %3</translation>
    </message>
    <message>
        <source>%1&apos;s log stopped at %2: %3</source>
        <translation>das Log von %1 endete um %2: %3</translation>
    </message>
</context>
<context>
    <name>trainyard::JobStore</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; cannot be used as a job ID in the job store</source>
        <translation>&apos;%1&apos; kann im Jobspeicher nicht als Job-ID verwendet werden</translation>
    </message>
    <message>
        <source>cannot create the job store %1</source>
        <translation>der Jobspeicher %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>a job with the ID %1 already exists in %2</source>
        <translation>ein Job mit der ID %1 existiert bereits in %2</translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation>%1 kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>%1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>no job with the ID %1</source>
        <translation>kein Job mit der ID %1</translation>
    </message>
    <message>
        <source>job %1 has no recorded state yet</source>
        <translation>für Job %1 ist noch kein Zustand aufgezeichnet</translation>
    </message>
    <message>
        <source>cannot read the state of job %1: %2</source>
        <translation>der Zustand von Job %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>the state of job %1 is too large (%2 bytes)</source>
        <translation>der Zustand von Job %1 ist zu groß (%2 Byte)</translation>
    </message>
    <message>
        <source>the state of job %1 is unreadable (%2): %3</source>
        <translation>der Zustand von Job %1 ist unlesbar (%2): %3</translation>
    </message>
    <message>
        <source>cannot read the config of job %1: %2</source>
        <translation>die Konfiguration von Job %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>job %1 is still running; cancel it before deleting it</source>
        <translation>Job %1 läuft noch; brechen Sie ihn ab, bevor Sie ihn löschen</translation>
    </message>
    <message>
        <source>cannot delete %1</source>
        <translation>%1 kann nicht gelöscht werden</translation>
    </message>
    <message>
        <source>no space left on device: %1</source>
        <translation>kein Platz mehr auf dem Gerät: %1</translation>
    </message>
    <message>
        <source>the job folder %1 cannot be read: %2</source>
        <translation>der Job-Ordner %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>the job folder %1 has no state.json</source>
        <translation>der Job-Ordner %1 hat keine state.json</translation>
    </message>
    <message>
        <source>no space left on device for a new job: %1 has %2 free, a job needs at least %3 (1 % of the file system, at most 1 GB)</source>
        <translation>kein Platz auf dem Gerät für einen neuen Job: %1 hat %2 frei, ein Job braucht mindestens %3 (1 % des Dateisystems, höchstens 1 GB)</translation>
    </message>
    <message>
        <source>The job ended %1, but its state cannot be recorded in the job folder (%2); it is kept in %3.</source>
        <translation>Der Job endete mit %1, aber sein Zustand kann nicht im Job-Ordner gespeichert werden (%2); er wird in %3 aufbewahrt.</translation>
    </message>
    <message>
        <source>no state.json</source>
        <translation>keine state.json</translation>
    </message>
    <message>
        <source>state.json unreadable</source>
        <translation>state.json unlesbar</translation>
    </message>
    <message>
        <source>folder unreadable</source>
        <translation>Ordner unlesbar</translation>
    </message>
    <message>
        <source>no space left on device</source>
        <translation>kein Platz mehr auf dem Gerät</translation>
    </message>
    <message>
        <source>neither /run/lock/%1 nor /tmp/%1 is a folder every user can add to (a real folder, world-writable with the sticky bit): only this user&apos;s jobs are seen</source>
        <translation>weder /run/lock/%1 noch /tmp/%1 ist ein Ordner, in dem jeder Benutzer anlegen darf (ein echter Ordner, für alle beschreibbar, mit Sticky-Bit): nur die Jobs dieses Benutzers werden gesehen</translation>
    </message>
</context>
<context>
    <name>trainyard::KubeflowExport</name>
    <message>
        <source>the Training Operator lists evaluators in TF_CONFIG&apos;s &quot;cluster&quot; (kubeflow/training-operator PR #1146); Vertex AI and local runs leave them out</source>
        <translation>der Training Operator führt Evaluatoren in &quot;cluster&quot; von TF_CONFIG auf (kubeflow/training-operator PR #1146); Vertex AI und lokale Läufe lassen sie weg</translation>
    </message>
    <message>
        <source>a TFJob or PyTorchJob runs one trial; tuning needs Katib around it; left out</source>
        <translation>ein TFJob oder PyTorchJob führt einen einzigen Versuch aus; Tuning braucht Katib darum herum; weggelassen</translation>
    </message>
    <message>
        <source>a PyTorchJob has only Master and Worker replicas; use --to tfjob, or set the count to 0</source>
        <translation>ein PyTorchJob hat nur Master- und Worker-Repliken; verwenden Sie --to tfjob oder setzen Sie die Anzahl auf 0</translation>
    </message>
    <message>
        <source>the Training Operator installs no packages: the image must already hold the trainer package</source>
        <translation>der Training Operator installiert keine Pakete: das Image muss das Trainer-Paket bereits enthalten</translation>
    </message>
    <message>
        <source>no container image: give --image IMAGE, an image that holds the trainer package (Vertex AI installs the package into its pre-built image at start-up; the Training Operator installs nothing)</source>
        <translation>kein Container-Image: geben Sie --image IMAGE an, ein Image, das das Trainer-Paket enthält (Vertex AI installiert das Paket beim Start in sein vorgefertigtes Image; der Training Operator installiert nichts)</translation>
    </message>
    <message>
        <source>Cloud TPUs have no Kubernetes equivalent here</source>
        <translation>Cloud TPUs haben hier keine Entsprechung in Kubernetes</translation>
    </message>
    <message>
        <source>the trainer looks like %1 (its image or imports), but a TFJob sets TF_CONFIG, not MASTER_ADDR, WORLD_SIZE and RANK: use --to trainjob or --to pytorchjob</source>
        <translation>der Trainer sieht nach %1 aus (Image oder Importe), aber ein TFJob setzt TF_CONFIG, nicht MASTER_ADDR, WORLD_SIZE und RANK: verwenden Sie --to trainjob oder --to pytorchjob</translation>
    </message>
    <message>
        <source>the trainer looks like %1 (its image or imports), but a PyTorchJob sets MASTER_ADDR, WORLD_SIZE and RANK, not TF_CONFIG: use --to tfjob</source>
        <translation>der Trainer sieht nach %1 aus (Image oder Importe), aber ein PyTorchJob setzt MASTER_ADDR, WORLD_SIZE und RANK, nicht TF_CONFIG: verwenden Sie --to tfjob</translation>
    </message>
    <message>
        <source>no GKE node label is known for %1: the pods ask for GPUs of any type</source>
        <translation>für %1 ist kein GKE-Node-Label bekannt: die Pods fordern GPUs beliebigen Typs an</translation>
    </message>
</context>
<context>
    <name>trainyard::KubernetesExport</name>
    <message>
        <source>&apos;%1&apos; is not a Kubernetes namespace: at most 63 lower-case letters, digits and &apos;-&apos;, starting and ending with a letter or digit (RFC 1123), e.g. &apos;%2&apos;</source>
        <translation>&apos;%1&apos; ist kein Kubernetes-Namespace: höchstens 63 Kleinbuchstaben, Ziffern und &apos;-&apos;, am Anfang und Ende ein Buchstabe oder eine Ziffer (RFC 1123), z. B. &apos;%2&apos;</translation>
    </message>
    <message>
        <source>the label %1: %2 has no valid Kubernetes spelling (ASCII letters and digits, &apos;-&apos;, &apos;_&apos;, &apos;.&apos; inside); left out</source>
        <translation>das Label %1: %2 hat keine gültige Kubernetes-Schreibweise (ASCII-Buchstaben und -Ziffern, innen &apos;-&apos;, &apos;_&apos;, &apos;.&apos;); weggelassen</translation>
    </message>
    <message>
        <source>the label %1: %2 is not a valid Kubernetes label (it must start and end with a letter or digit); exported as %3: %4</source>
        <translation>das Label %1: %2 ist kein gültiges Kubernetes-Label (es muss mit einem Buchstaben oder einer Ziffer beginnen und enden); exportiert als %3: %4</translation>
    </message>
    <message>
        <source>comes from the Kubernetes Secret &apos;%1&apos; (key %2), which you create in the cluster; the value is not exported</source>
        <translation>kommt aus dem Kubernetes-Secret &apos;%1&apos; (Schlüssel %2), das Sie im Cluster anlegen; der Wert wird nicht exportiert</translation>
    </message>
    <message>
        <source>the cluster decides where pods run; region %1 left out</source>
        <translation>der Cluster entscheidet, wo Pods laufen; Region %1 weggelassen</translation>
    </message>
    <message>
        <source>VPC peering has no counterpart in the manifest; the pods use the cluster&apos;s network</source>
        <translation>VPC-Peering hat im Manifest keine Entsprechung; die Pods nutzen das Netzwerk des Clusters</translation>
    </message>
    <message>
        <source>the Google service account %1 is not a Kubernetes service account; bind it with GKE Workload Identity to the pods&apos; service account</source>
        <translation>das Google-Dienstkonto %1 ist kein Kubernetes-Dienstkonto; binden Sie es mit GKE Workload Identity an das Dienstkonto der Pods</translation>
    </message>
    <message>
        <source>the CMEK key applies to Vertex AI&apos;s resources; encrypt the cluster&apos;s disks instead; left out</source>
        <translation>der CMEK-Schlüssel gilt für die Ressourcen von Vertex AI; verschlüsseln Sie stattdessen die Festplatten des Clusters; weggelassen</translation>
    </message>
    <message>
        <source>interactive shells are `kubectl exec` on a cluster; left out</source>
        <translation>interaktive Shells sind auf einem Cluster `kubectl exec`; weggelassen</translation>
    </message>
    <message>
        <source>a manifest cannot limit the time a job waits for resources; left out</source>
        <translation>ein Manifest kann die Wartezeit eines Jobs auf Ressourcen nicht begrenzen; weggelassen</translation>
    </message>
    <message>
        <source>use a PriorityClass of the cluster (or Kueue) instead; left out</source>
        <translation>verwenden Sie stattdessen eine PriorityClass des Clusters (oder Kueue); weggelassen</translation>
    </message>
    <message>
        <source>boot disks are the nodes&apos; business on a cluster; left out</source>
        <translation>Bootlaufwerke sind auf einem Cluster Sache der Nodes; weggelassen</translation>
    </message>
    <message>
        <source>the image decides the framework and Python versions; runtimeVersion and pythonVersion left out</source>
        <translation>das Image bestimmt Framework- und Python-Version; runtimeVersion und pythonVersion weggelassen</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a Kubernetes name; the manifest uses &apos;%2&apos;</source>
        <translation>&apos;%1&apos; ist kein Kubernetes-Name; das Manifest verwendet &apos;%2&apos;</translation>
    </message>
</context>
<context>
    <name>trainyard::Owner</name>
    <message>
        <source>Cannot start the job&apos;s owner process %1: %2</source>
        <translation>Der Besitzerprozess %1 des Jobs kann nicht gestartet werden: %2</translation>
    </message>
</context>
<context>
    <name>trainyard::OwnerLock</name>
    <message>
        <source>cannot open the lock file %1: %2</source>
        <translation>die Sperrdatei %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>cannot lock %1: %2</source>
        <translation>%1 kann nicht gesperrt werden: %2</translation>
    </message>
    <message>
        <source>%1 is held by another process</source>
        <translation>%1 wird von einem anderen Prozess gehalten</translation>
    </message>
</context>
<context>
    <name>trainyard::OwnerStandby</name>
    <message>
        <source>no owner is standing by</source>
        <translation>kein Eigentümerprozess steht bereit</translation>
    </message>
    <message>
        <source>the owner standing by has exited</source>
        <translation>der bereitstehende Eigentümerprozess hat sich beendet</translation>
    </message>
    <message>
        <source>the owner standing by did not take the job</source>
        <translation>der bereitstehende Eigentümerprozess hat den Job nicht übernommen</translation>
    </message>
    <message>
        <source>Cannot enter the job&apos;s folder: %1</source>
        <translation>Der Ordner des Jobs kann nicht betreten werden: %1</translation>
    </message>
</context>
<context>
    <name>trainyard::Recovery</name>
    <message>
        <source>interrupted: the process running the job exited</source>
        <translation>unterbrochen: der Prozess, der den Job ausführte, wurde beendet</translation>
    </message>
</context>
<context>
    <name>trainyard::Secrets</name>
    <message>
        <source>trainyard secrets: %1</source>
        <translation>trainyard secrets: %1</translation>
    </message>
    <message>
        <source>Run &apos;trainyard secrets --help&apos; for usage.</source>
        <translation>Hinweise zum Aufruf: &apos;trainyard secrets --help&apos;.</translation>
    </message>
    <message>
        <source>Value of the secret %1 (input is hidden): </source>
        <translation>Wert des Geheimnisses %1 (Eingabe wird nicht angezeigt): </translation>
    </message>
    <message>
        <source>the value is read from standard input, never from the command line: trainyard secrets set NAME</source>
        <translation>der Wert wird von der Standardeingabe gelesen, nie von der Befehlszeile: trainyard secrets set NAME</translation>
    </message>
    <message>
        <source>set needs the secret&apos;s NAME</source>
        <translation>set braucht den NAME des Geheimnisses</translation>
    </message>
    <message>
        <source>the value of the secret %1 is empty</source>
        <translation>der Wert des Geheimnisses %1 ist leer</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>warning: %1</translation>
    </message>
    <message>
        <source>list takes no arguments</source>
        <translation>list nimmt keine Argumente an</translation>
    </message>
    <message>
        <source>delete needs exactly one NAME</source>
        <translation>delete braucht genau einen NAME</translation>
    </message>
    <message>
        <source>rename needs OLD and NEW names</source>
        <translation>rename braucht die Namen OLD und NEW</translation>
    </message>
    <message>
        <source>Usage: trainyard secrets set NAME        (the value is read from standard input)
       trainyard secrets list            (names only)
       trainyard secrets delete NAME
       trainyard secrets rename OLD NEW

Named secrets for trainers, stored in the system keychain. A job&apos;s local environment refers to one by name:

  trainyardLocal:
    env:
      HF_TOKEN: {secret: hf}

Examples:
  printf %s &quot;$TOKEN&quot; | trainyard secrets set hf
  trainyard secrets set hf &lt; token.txt

One trailing newline of the input is removed. Values shorter than 4 bytes are stored but not masked in logs.
Exit codes: 0 ok, 1 the keychain failed, 2 usage errors.
</source>
        <translation>Aufruf: trainyard secrets set NAME        (der Wert wird von der Standardeingabe gelesen)
        trainyard secrets list            (nur Namen)
        trainyard secrets delete NAME
        trainyard secrets rename OLD NEW

Benannte Geheimnisse für Trainer, gespeichert im Schlüsselbund des Systems. Die lokale Umgebung eines Jobs verweist per Name auf eines:

  trainyardLocal:
    env:
      HF_TOKEN: {secret: hf}

Beispiele:
  printf %s &quot;$TOKEN&quot; | trainyard secrets set hf
  trainyard secrets set hf &lt; token.txt

Ein abschließender Zeilenumbruch der Eingabe wird entfernt. Werte kürzer als 4 Byte werden gespeichert, in Logs aber nicht maskiert.
Exit-Codes: 0 OK, 1 Fehler des Schlüsselbunds, 2 Aufruffehler.
</translation>
    </message>
    <message>
        <source>missing subcommand (set, list, delete or rename)</source>
        <translation>Unterbefehl fehlt (set, list, delete oder rename)</translation>
    </message>
    <message>
        <source>unknown subcommand &apos;%1&apos;</source>
        <translation>unbekannter Unterbefehl &apos;%1&apos;</translation>
    </message>
    <message>
        <source>standard input cannot be read</source>
        <translation>die Standardeingabe kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>trainyard secrets: no secret service is available: %1</source>
        <translation>trainyard secrets: kein Geheimnisdienst verfügbar: %1</translation>
    </message>
    <message>
        <source>Secrets are kept in the desktop keychain (GNOME Keyring, KWallet or another org.freedesktop.secrets service); start one in this session and try again.</source>
        <translation>Geheimnisse liegen im Schlüsselbund des Desktops (GNOME Keyring, KWallet oder ein anderer org.freedesktop.secrets-Dienst); starten Sie einen in dieser Sitzung und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Keychain detail: %1</source>
        <translation>Angabe des Schlüsselbunds: %1</translation>
    </message>
</context>
<context>
    <name>trainyard::Staging</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: a package directory needs an __init__.py</source>
        <translation>%1: ein Paketverzeichnis braucht eine __init__.py</translation>
    </message>
    <message>
        <source>%1: cannot copy the package</source>
        <translation>%1: das Paket kann nicht kopiert werden</translation>
    </message>
    <message>
        <source>%1 setup.py sdist failed in %2:
%3</source>
        <translation>%1 setup.py sdist schlug in %2 fehl:
%3</translation>
    </message>
    <message>
        <source>setup.py sdist made no archive in %1</source>
        <translation>setup.py sdist hat in %1 kein Archiv erzeugt</translation>
    </message>
    <message>
        <source>look for %1</source>
        <translation>%1 suchen</translation>
    </message>
    <message>
        <source>start the upload of %1</source>
        <translation>Upload von %1 beginnen</translation>
    </message>
    <message>
        <source>no upload session for %1</source>
        <translation>keine Upload-Sitzung für %1</translation>
    </message>
    <message>
        <source>upload %1</source>
        <translation>%1 hochladen</translation>
    </message>
    <message>
        <source>%1: cannot make the archive reproducible:
%2</source>
        <translation>%1: das Archiv kann nicht reproduzierbar gemacht werden:
%2</translation>
    </message>
</context>
<context>
    <name>trainyard::TrainJobExport</name>
    <message>
        <source>the trainer is TensorFlow (its image or imports), and Kubeflow Trainer v2 has no TensorFlow runtime (kubeflow/trainer #2699): name a plain runtime of your cluster with --runtime NAME (TF_CONFIG is then set from each node&apos;s index), or use the legacy --to tfjob</source>
        <translation>der Trainer ist TensorFlow (Image oder Importe), und Kubeflow Trainer v2 hat keine TensorFlow-Runtime (kubeflow/trainer #2699): nennen Sie mit --runtime NAME eine einfache Runtime Ihres Clusters (TF_CONFIG wird dann aus dem Index jedes Nodes gesetzt) oder verwenden Sie das veraltete --to tfjob</translation>
    </message>
    <message>
        <source>a TrainJob runs one trial; tuning needs Katib (an OptimizationJob) around it; left out</source>
        <translation>ein TrainJob führt einen Versuch aus; Tuning braucht Katib (einen OptimizationJob) darum herum; weggelassen</translation>
    </message>
    <message numerus="yes">
        <source>a TrainJob&apos;s nodes are all alike; %n parameter server(s) have no place in it: use the legacy --to tfjob, or set the count to 0</source>
        <translation>
            <numerusform>die Nodes eines TrainJobs sind alle gleich; %n Parameterserver hat darin keinen Platz: verwenden Sie das veraltete --to tfjob oder setzen Sie die Anzahl auf 0</numerusform>
            <numerusform>die Nodes eines TrainJobs sind alle gleich; %n Parameterserver haben darin keinen Platz: verwenden Sie das veraltete --to tfjob oder setzen Sie die Anzahl auf 0</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>a TrainJob&apos;s nodes are all alike; %n evaluator(s) have no place in it: use the legacy --to tfjob, or set the count to 0</source>
        <translation>
            <numerusform>die Nodes eines TrainJobs sind alle gleich; %n Evaluator hat darin keinen Platz: verwenden Sie das veraltete --to tfjob oder setzen Sie die Anzahl auf 0</numerusform>
            <numerusform>die Nodes eines TrainJobs sind alle gleich; %n Evaluatoren haben darin keinen Platz: verwenden Sie das veraltete --to tfjob oder setzen Sie die Anzahl auf 0</numerusform>
        </translation>
    </message>
    <message>
        <source>the master runs on %1 and the workers on %2; a TrainJob&apos;s nodes share one resourcesPerNode: give both the same machine type and GPUs, or use the legacy --to pytorchjob</source>
        <translation>der Master läuft auf %1 und die Worker auf %2; die Nodes eines TrainJobs teilen sich ein resourcesPerNode: geben Sie beiden denselben Maschinentyp und dieselben GPUs oder verwenden Sie das veraltete --to pytorchjob</translation>
    </message>
    <message>
        <source>the workers&apos; image %1 differs from the master&apos;s %2; a TrainJob&apos;s nodes run one image (or give --image)</source>
        <translation>das Image der Worker %1 unterscheidet sich von dem des Masters %2; die Nodes eines TrainJobs führen ein Image aus (oder geben Sie --image an)</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keins)</translation>
    </message>
    <message>
        <source>%1 is set by the torch runtime (with PET_NNODES, PET_NPROC_PER_NODE, PET_NODE_RANK, PET_MASTER_ADDR, PET_MASTER_PORT); a TrainJob that sets it is refused</source>
        <translation>%1 wird von der torch-Runtime gesetzt (mit PET_NNODES, PET_NPROC_PER_NODE, PET_NODE_RANK, PET_MASTER_ADDR, PET_MASTER_PORT); ein TrainJob, der es setzt, wird abgelehnt</translation>
    </message>
    <message>
        <source>no container image: give --image IMAGE, an image that holds the trainer package (the runtime installs nothing)</source>
        <translation>kein Container-Image: geben Sie --image IMAGE an, ein Image, das das Trainer-Paket enthält (die Runtime installiert nichts)</translation>
    </message>
    <message>
        <source>the runtime installs no packages: the image must already hold the trainer package</source>
        <translation>die Runtime installiert keine Pakete: das Image muss das Trainer-Paket bereits enthalten</translation>
    </message>
    <message>
        <source>a TrainJob needs the container&apos;s command: the runtime replaces the image&apos;s entrypoint</source>
        <translation>ein TrainJob braucht den Befehl des Containers: die Runtime ersetzt den Entrypoint des Images</translation>
    </message>
    <message>
        <source>the torch runtime sets only PET_NNODES, PET_NODE_RANK, PET_MASTER_ADDR and PET_MASTER_PORT, which torchrun reads: the command should start torchrun</source>
        <translation>die torch-Runtime setzt nur PET_NNODES, PET_NODE_RANK, PET_MASTER_ADDR und PET_MASTER_PORT, die torchrun liest: der Befehl sollte torchrun starten</translation>
    </message>
    <message>
        <source>Cloud TPUs have no Kubernetes equivalent here</source>
        <translation>Cloud TPUs haben hier keine Kubernetes-Entsprechung</translation>
    </message>
    <message>
        <source>no GKE node label is known for %1: the nodes ask for GPUs of any type</source>
        <translation>für %1 ist kein GKE-Node-Label bekannt: die Nodes fordern GPUs beliebigen Typs an</translation>
    </message>
    <message>
        <source>the GPU type is not selected (any GPU node will do): --trainer-version 2.0 or later adds the node selector cloud.google.com/gke-accelerator: %1 in that version&apos;s own field</source>
        <translation>der GPU-Typ wird nicht ausgewählt (jeder GPU-Node genügt): --trainer-version 2.0 oder später fügt den Node-Selector cloud.google.com/gke-accelerator: %1 im eigenen Feld dieser Version hinzu</translation>
    </message>
    <message>
        <source>activeDeadlineSeconds exists from Kubeflow Trainer 2.2 (--trainer-version 2.2); the time limit is left out</source>
        <translation>activeDeadlineSeconds gibt es ab Kubeflow Trainer 2.2 (--trainer-version 2.2); das Zeitlimit wird weggelassen</translation>
    </message>
</context>
<context>
    <name>trainyard::Validation</name>
    <message>
        <source>label key %1 must start with a lowercase letter, not %2</source>
        <translation>Label-Schlüssel %1 muss mit einem Kleinbuchstaben beginnen, nicht mit %2</translation>
    </message>
    <message>
        <source>label key %1: character %2 %3 is not allowed: use lowercase letters, digits, &apos;_&apos; and &apos;-&apos;</source>
        <translation>Label-Schlüssel %1: das Zeichen %3 an Position %2 ist nicht erlaubt: verwenden Sie Kleinbuchstaben, Ziffern, &apos;_&apos; und &apos;-&apos;</translation>
    </message>
    <message>
        <source>label %1: character %2 %3 of the value is not allowed: use lowercase letters, digits, &apos;_&apos; and &apos;-&apos;</source>
        <translation>Label %1: das Zeichen %3 an Position %2 des Werts ist nicht erlaubt: verwenden Sie Kleinbuchstaben, Ziffern, &apos;_&apos; und &apos;-&apos;</translation>
    </message>
    <message>
        <source>label key %1 is %2 characters long; the maximum is %3</source>
        <translation>Label-Schlüssel %1 ist %2 Zeichen lang; das Maximum ist %3</translation>
    </message>
    <message>
        <source>the value of label %1 is %2 characters long; the maximum is %3</source>
        <translation>der Wert von Label %1 ist %2 Zeichen lang; das Maximum ist %3</translation>
    </message>
    <message>
        <source>%1 labels are set; the maximum is %2: remove %3 of them</source>
        <translation>%1 Labels sind gesetzt; das Maximum ist %2: entfernen Sie %3 davon</translation>
    </message>
    <message>
        <source>a label key is empty: keys are 1 to %1 characters starting with a lowercase letter</source>
        <translation>ein Label-Schlüssel ist leer: Schlüssel haben 1 bis %1 Zeichen und beginnen mit einem Kleinbuchstaben</translation>
    </message>
    <message>
        <source>the bucket name %1 is %2 characters long; bucket names have %3 to %4 characters</source>
        <translation>der Bucket-Name %1 ist %2 Zeichen lang; Bucket-Namen haben %3 bis %4 Zeichen</translation>
    </message>
    <message>
        <source>the bucket name %1 contains %2: bucket names use only lowercase letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;.&apos;</source>
        <translation>der Bucket-Name %1 enthält %2: Bucket-Namen bestehen nur aus Kleinbuchstaben, Ziffern, &apos;-&apos;, &apos;_&apos; und &apos;.&apos;</translation>
    </message>
    <message>
        <source>the bucket name %1 must start and end with a lowercase letter or a digit</source>
        <translation>der Bucket-Name %1 muss mit einem Kleinbuchstaben oder einer Ziffer beginnen und enden</translation>
    </message>
    <message>
        <source>the bucket name %1 has a dot-separated part of %2 characters; each part may have at most %3</source>
        <translation>der Bucket-Name %1 hat einen durch Punkte getrennten Teil mit %2 Zeichen; jeder Teil darf höchstens %3 haben</translation>
    </message>
    <message>
        <source>the bucket name %1 is an IP address; use a bucket name such as my-bucket</source>
        <translation>der Bucket-Name %1 ist eine IP-Adresse; verwenden Sie einen Bucket-Namen wie my-bucket</translation>
    </message>
    <message>
        <source>jobDir is blank: give a directory (gs://bucket/path for the service) or remove jobDir</source>
        <translation>jobDir ist leer: geben Sie ein Verzeichnis an (gs://bucket/path für den Dienst) oder entfernen Sie jobDir</translation>
    </message>
    <message>
        <source>jobDir must be a gs:// path for the service; local directories work only for local runs</source>
        <translation>jobDir muss für den Dienst ein gs://-Pfad sein; lokale Verzeichnisse funktionieren nur bei lokalen Läufen</translation>
    </message>
    <message>
        <source>jobDir %1: %2</source>
        <translation>jobDir %1: %2</translation>
    </message>
    <message>
        <source>jobDir contains a line break; object names cannot contain carriage returns or line feeds</source>
        <translation>jobDir enthält einen Zeilenumbruch; Objektnamen dürfen keine Wagenrückläufe oder Zeilenvorschübe enthalten</translation>
    </message>
    <message>
        <source>the object path of jobDir is %1 bytes long (UTF-8); the maximum is %2</source>
        <translation>der Objektpfad von jobDir ist %1 Byte lang (UTF-8); das Maximum ist %2</translation>
    </message>
    <message>
        <source>parameter %1 of type %2 needs minValue and maxValue</source>
        <translation>Parameter %1 vom Typ %2 braucht minValue und maxValue</translation>
    </message>
    <message>
        <source>%1 of INTEGER parameter %2 is %3; use a whole number</source>
        <translation>%1 des INTEGER-Parameters %2 ist %3; verwenden Sie eine ganze Zahl</translation>
    </message>
    <message>
        <source>parameter %1: minValue %2 must be less than maxValue %3</source>
        <translation>Parameter %1: minValue %2 muss kleiner als maxValue %3 sein</translation>
    </message>
    <message>
        <source>parameter %1: %2 needs a positive range, but minValue is %3: raise minValue above 0 or use UNIT_LINEAR_SCALE</source>
        <translation>Parameter %1: %2 braucht einen positiven Bereich, aber minValue ist %3: heben Sie minValue über 0 an oder verwenden Sie UNIT_LINEAR_SCALE</translation>
    </message>
    <message>
        <source>CATEGORICAL parameter %1 needs categoricalValues, e.g. [adam, sgd]</source>
        <translation>CATEGORICAL-Parameter %1 braucht categoricalValues, z. B. [adam, sgd]</translation>
    </message>
    <message>
        <source>parameter %1 lists %2 twice; categorical values must be unique</source>
        <translation>Parameter %1 führt %2 zweimal auf; kategoriale Werte müssen eindeutig sein</translation>
    </message>
    <message>
        <source>DISCRETE parameter %1 needs discreteValues in increasing order, e.g. [16, 32, 64]</source>
        <translation>DISCRETE-Parameter %1 braucht discreteValues in aufsteigender Reihenfolge, z. B. [16, 32, 64]</translation>
    </message>
    <message>
        <source>parameter %1 has %2 discrete values; the maximum is %3</source>
        <translation>Parameter %1 hat %2 diskrete Werte; das Maximum ist %3</translation>
    </message>
    <message>
        <source>discreteValues of parameter %1 must be strictly increasing: %2 follows %3</source>
        <translation>discreteValues von Parameter %1 müssen streng aufsteigend sein: %2 folgt auf %3</translation>
    </message>
    <message>
        <source>parameter %1: %2 needs positive values, but the smallest is %3: use UNIT_LINEAR_SCALE or positive values</source>
        <translation>Parameter %1: %2 braucht positive Werte, aber der kleinste ist %3: verwenden Sie UNIT_LINEAR_SCALE oder positive Werte</translation>
    </message>
    <message>
        <source>parameterName is required: the name your trainer receives as --&lt;name&gt;=&lt;value&gt;</source>
        <translation>parameterName ist erforderlich: der Name, den Ihr Trainer als --&lt;name&gt;=&lt;value&gt; erhält</translation>
    </message>
    <message>
        <source>parameter %1 is already defined by params[%2]; parameter names must be unique</source>
        <translation>Parameter %1 ist bereits durch params[%2] definiert; Parameternamen müssen eindeutig sein</translation>
    </message>
    <message>
        <source>unknown scaleType %1; valid: %2</source>
        <translation>unbekannter scaleType %1; gültig: %2</translation>
    </message>
    <message>
        <source>type is required: one of %1</source>
        <translation>type ist erforderlich: einer von %1</translation>
    </message>
    <message>
        <source>unknown parameter type %1; valid: %2</source>
        <translation>unbekannter Parametertyp %1; gültig: %2</translation>
    </message>
    <message>
        <source>GRID_SEARCH cannot search the %1 parameter %2: use %3 parameters, or another algorithm</source>
        <translation>GRID_SEARCH kann den Parameter %2 vom Typ %1 nicht durchsuchen: verwenden Sie Parameter vom Typ %3 oder einen anderen Algorithmus</translation>
    </message>
    <message>
        <source>unknown goal %1; use %2</source>
        <translation>unbekanntes Ziel %1; verwenden Sie %2</translation>
    </message>
    <message>
        <source>hyperparameters need at least one parameter in params to tune</source>
        <translation>hyperparameters braucht mindestens einen abzustimmenden Parameter in params</translation>
    </message>
    <message>
        <source>maxTrials is %1; it must be at least 1</source>
        <translation>maxTrials ist %1; der Wert muss mindestens 1 sein</translation>
    </message>
    <message>
        <source>maxParallelTrials is %1; it must be at least 1</source>
        <translation>maxParallelTrials ist %1; der Wert muss mindestens 1 sein</translation>
    </message>
    <message>
        <source>maxParallelTrials (%1) is greater than maxTrials (%2); at most %2 trials run in parallel</source>
        <translation>maxParallelTrials (%1) ist größer als maxTrials (%2); höchstens %2 Versuche laufen parallel</translation>
    </message>
    <message>
        <source>maxFailedTrials is %1; use 0 (the service decides) or more</source>
        <translation>maxFailedTrials ist %1; verwenden Sie 0 (der Dienst entscheidet) oder mehr</translation>
    </message>
    <message>
        <source>unknown algorithm %1; valid: %2</source>
        <translation>unbekannter Algorithmus %1; gültig: %2</translation>
    </message>
    <message>
        <source>containerCommand needs a custom container: set masterConfig.imageUri, or use pythonModule with a runtime version instead</source>
        <translation>containerCommand braucht einen benutzerdefinierten Container: setzen Sie masterConfig.imageUri oder verwenden Sie stattdessen pythonModule mit einer Laufzeitversion</translation>
    </message>
    <message>
        <source>containerArgs needs a custom container: set masterConfig.imageUri, or pass the arguments in trainingInput.args</source>
        <translation>containerArgs braucht einen benutzerdefinierten Container: setzen Sie masterConfig.imageUri oder übergeben Sie die Argumente in trainingInput.args</translation>
    </message>
    <message>
        <source>containerArgs and trainingInput.args are exclusive: keep the arguments in one of them</source>
        <translation>containerArgs und trainingInput.args schließen sich aus: behalten Sie die Argumente in nur einem davon</translation>
    </message>
    <message>
        <source>%1 package URIs are listed; the maximum is %2</source>
        <translation>%1 Paket-URIs sind aufgeführt; das Maximum ist %2</translation>
    </message>
    <message>
        <source>pythonModule is required: name the module to run, e.g. trainer.task (or set trainyardLocal.executable, or masterConfig.imageUri for a custom container)</source>
        <translation>pythonModule ist erforderlich: nennen Sie das auszuführende Modul, z. B. trainer.task (oder setzen Sie trainyardLocal.executable, oder masterConfig.imageUri für einen benutzerdefinierten Container)</translation>
    </message>
    <message>
        <source>pythonModule is required: name the module to run, e.g. trainer.task (or set masterConfig.imageUri for a custom container)</source>
        <translation>pythonModule ist erforderlich: nennen Sie das auszuführende Modul, z. B. trainer.task (oder setzen Sie masterConfig.imageUri für einen benutzerdefinierten Container)</translation>
    </message>
    <message>
        <source>runtimeVersion and masterConfig.imageUri are exclusive: remove runtimeVersion to run the custom container, or remove imageUri to use runtime %1</source>
        <translation>runtimeVersion und masterConfig.imageUri schließen sich aus: entfernen Sie runtimeVersion, um den benutzerdefinierten Container auszuführen, oder entfernen Sie imageUri, um die Laufzeit %1 zu verwenden</translation>
    </message>
    <message>
        <source>runtimeVersion %1 is not a version number: use one of %2</source>
        <translation>runtimeVersion %1 ist keine Versionsnummer: verwenden Sie eine von %2</translation>
    </message>
    <message>
        <source>runtimeVersion %1 is not in the catalog and may not exist; known versions: %2</source>
        <translation>runtimeVersion %1 steht nicht im Katalog und existiert möglicherweise nicht; bekannte Versionen: %2</translation>
    </message>
    <message>
        <source>pythonVersion %1 is not offered by the service; use one of %2</source>
        <translation>pythonVersion %1 wird vom Dienst nicht angeboten; verwenden Sie eine von %2</translation>
    </message>
    <message>
        <source>pythonVersion %1 does not work with runtimeVersion %2; that runtime supports Python %3</source>
        <translation>pythonVersion %1 funktioniert nicht mit runtimeVersion %2; diese Laufzeit unterstützt Python %3</translation>
    </message>
    <message>
        <source>packagePath and executable are exclusive: run a Python package (packagePath with pythonModule) or an executable, not both</source>
        <translation>packagePath und executable schließen sich aus: führen Sie ein Python-Paket (packagePath mit pythonModule) oder ein Programm aus, nicht beides</translation>
    </message>
    <message>
        <source>a local run needs something to run: set trainyardLocal.packagePath (the trainer&apos;s package directory), trainyardLocal.executable, or masterConfig.imageUri</source>
        <translation>ein lokaler Lauf braucht etwas zum Ausführen: setzen Sie trainyardLocal.packagePath (das Paketverzeichnis des Trainers), trainyardLocal.executable oder masterConfig.imageUri</translation>
    </message>
    <message>
        <source>environment variable name %1 is not valid: use letters, digits and underscores, not starting with a digit</source>
        <translation>der Umgebungsvariablenname %1 ist ungültig: verwenden Sie Buchstaben, Ziffern und Unterstriche, ohne Ziffer am Anfang</translation>
    </message>
    <message>
        <source>environment variable %1 starts with %2, which the service reserves: choose another name</source>
        <translation>Umgebungsvariable %1 beginnt mit %2, was der Dienst reserviert: wählen Sie einen anderen Namen</translation>
    </message>
    <message>
        <source>environment variable %1 is set by Trainyard for every replica and cannot be overridden; reserved names: %2</source>
        <translation>Umgebungsvariable %1 wird von Trainyard für jedes Replikat gesetzt und kann nicht überschrieben werden; reservierte Namen: %2</translation>
    </message>
    <message>
        <source>environment variable %1 is set twice</source>
        <translation>Umgebungsvariable %1 ist zweimal gesetzt</translation>
    </message>
    <message>
        <source>a legacy machine type</source>
        <translation>ein Legacy-Maschinentyp</translation>
    </message>
    <message>
        <source>a Compute Engine machine type</source>
        <translation>ein Compute-Engine-Maschinentyp</translation>
    </message>
    <message>
        <source>scaleTier %1 is the gcloud flag spelling; in the job spec write %2</source>
        <translation>scaleTier %1 ist die Schreibweise des gcloud-Flags; schreiben Sie in der Jobspezifikation %2</translation>
    </message>
    <message>
        <source>unknown scale tier %1; valid tiers: %2</source>
        <translation>unbekannte Skalierungsstufe %1; gültige Stufen: %2</translation>
    </message>
    <message>
        <source>%1Type can only be used with scaleTier CUSTOM; %2 defines its own machines: remove %1Type or set scaleTier to CUSTOM</source>
        <translation>%1Type kann nur mit scaleTier CUSTOM verwendet werden; %2 legt eigene Maschinen fest: entfernen Sie %1Type oder setzen Sie scaleTier auf CUSTOM</translation>
    </message>
    <message>
        <source>%1Count can only be used with scaleTier CUSTOM; %2 defines its own cluster: remove %1Count or set scaleTier to CUSTOM</source>
        <translation>%1Count kann nur mit scaleTier CUSTOM verwendet werden; %2 legt einen eigenen Cluster fest: entfernen Sie %1Count oder setzen Sie scaleTier auf CUSTOM</translation>
    </message>
    <message>
        <source>acceleratorConfig needs scaleTier CUSTOM with a Compute Engine machine type; %1 defines its own machines: remove acceleratorConfig or set scaleTier to CUSTOM</source>
        <translation>acceleratorConfig braucht scaleTier CUSTOM mit einem Compute-Engine-Maschinentyp; %1 legt eigene Maschinen fest: entfernen Sie acceleratorConfig oder setzen Sie scaleTier auf CUSTOM</translation>
    </message>
    <message>
        <source>unknown machine type %1; valid types: %2</source>
        <translation>unbekannter Maschinentyp %1; gültige Typen: %2</translation>
    </message>
    <message>
        <source>%1 can only be the workerType (a Cloud TPU joins the cluster as its worker); choose a machine type such as %2 for %3Type</source>
        <translation>%1 kann nur workerType sein (eine Cloud TPU tritt dem Cluster als dessen Worker bei); wählen Sie für %3Type einen Maschinentyp wie %2</translation>
    </message>
    <message>
        <source>%1 already includes %2 × %3; remove acceleratorConfig</source>
        <translation>%1 enthält bereits %2 × %3; entfernen Sie acceleratorConfig</translation>
    </message>
    <message>
        <source>acceleratorConfig needs a Compute Engine machine type and %1 is a legacy type: use e.g. %2 with acceleratorConfig, or a legacy type with built-in GPUs such as %3</source>
        <translation>acceleratorConfig braucht einen Compute-Engine-Maschinentyp, und %1 ist ein Legacy-Typ: verwenden Sie z. B. %2 mit acceleratorConfig oder einen Legacy-Typ mit eingebauten GPUs wie %3</translation>
    </message>
    <message>
        <source>%1Count is %2; use 0 or more</source>
        <translation>%1Count ist %2; verwenden Sie 0 oder mehr</translation>
    </message>
    <message>
        <source>%1Count is %2 but %1Type is not set: set %1Type, e.g. %3</source>
        <translation>%1Count ist %2, aber %1Type ist nicht gesetzt: setzen Sie %1Type, z. B. %3</translation>
    </message>
    <message>
        <source>%1Type is set but %1Count is 0, so no %1 runs: set %1Count or remove %1Type</source>
        <translation>%1Type ist gesetzt, aber %1Count ist 0, daher läuft kein %1: setzen Sie %1Count oder entfernen Sie %1Type</translation>
    </message>
    <message>
        <source>masterType is required with scaleTier CUSTOM: choose a machine type such as %1 or %2</source>
        <translation>masterType ist bei scaleTier CUSTOM erforderlich: wählen Sie einen Maschinentyp wie %1 oder %2</translation>
    </message>
    <message>
        <source>%1Type %2 is %3 but masterType %4 is %5: use legacy types for all roles or Compute Engine types for all roles</source>
        <translation>%1Type %2 ist %3, aber masterType %4 ist %5: verwenden Sie für alle Rollen Legacy-Typen oder für alle Rollen Compute-Engine-Typen</translation>
    </message>
    <message>
        <source>acceleratorConfig.type is required: use one of %1</source>
        <translation>acceleratorConfig.type ist erforderlich: verwenden Sie einen von %1</translation>
    </message>
    <message>
        <source>unknown accelerator type %1: %2 is the gcloud flag spelling; in the job spec write %3</source>
        <translation>unbekannter Beschleunigertyp %1: %2 ist die Schreibweise des gcloud-Flags; schreiben Sie in der Jobspezifikation %3</translation>
    </message>
    <message>
        <source>unknown accelerator type %1; valid types: %2</source>
        <translation>unbekannter Beschleunigertyp %1; gültige Typen: %2</translation>
    </message>
    <message>
        <source>%1 is a TPU and cannot attach to %2: use workerType cloud_tpu for a TPU worker, or scaleTier BASIC_TPU</source>
        <translation>%1 ist eine TPU und kann nicht an %2 angeschlossen werden: verwenden Sie workerType cloud_tpu für einen TPU-Worker oder scaleTier BASIC_TPU</translation>
    </message>
    <message>
        <source>%1 × %2 is not a valid TPU size; valid counts: %3</source>
        <translation>%1 × %2 ist keine gültige TPU-Größe; gültige Anzahlen: %3</translation>
    </message>
    <message>
        <source>%1 takes TPU accelerators (%2), not %3</source>
        <translation>%1 nimmt TPU-Beschleuniger (%2) an, nicht %3</translation>
    </message>
    <message>
        <source>%1 cannot attach to %2; %3 attaches only to %4-* machine types</source>
        <translation>%1 kann nicht an %2 angeschlossen werden; %3 lässt sich nur an Maschinentypen %4-* anschließen</translation>
    </message>
    <message>
        <source>%1 takes only %2, not %3</source>
        <translation>%1 nimmt nur %2 an, nicht %3</translation>
    </message>
    <message>
        <source>%1 comes with exactly %2 × %3; set count to %2</source>
        <translation>%1 ist fest mit genau %2 × %3 ausgestattet; setzen Sie count auf %2</translation>
    </message>
    <message>
        <source>%1 cannot attach to %2; that machine type takes no GPUs</source>
        <translation>%1 kann nicht an %2 angeschlossen werden; dieser Maschinentyp nimmt keine GPUs an</translation>
    </message>
    <message>
        <source>%1 cannot attach to %2; GPUs that can: %3</source>
        <translation>%1 kann nicht an %2 angeschlossen werden; GPUs, die das können: %3</translation>
    </message>
    <message>
        <source>%1 × %2 cannot attach to %3; valid counts: %4</source>
        <translation>%1 × %2 kann nicht an %3 angeschlossen werden; gültige Anzahlen: %4</translation>
    </message>
    <message>
        <source>tpuTfVersion applies only to a TPU worker (workerType cloud_tpu); remove it from %1Config</source>
        <translation>tpuTfVersion gilt nur für einen TPU-Worker (workerType cloud_tpu); entfernen Sie es aus %1Config</translation>
    </message>
    <message>
        <source>acceleratorConfig.count is required: the number of accelerators per replica, e.g. 1</source>
        <translation>acceleratorConfig.count ist erforderlich: die Anzahl der Beschleuniger pro Replikat, z. B. 1</translation>
    </message>
    <message>
        <source>acceleratorConfig.count is %1; it must be at least 1</source>
        <translation>acceleratorConfig.count ist %1; der Wert muss mindestens 1 sein</translation>
    </message>
    <message>
        <source>jobId is required: use a letter followed by letters, digits and underscores, e.g. census_20240101_120000</source>
        <translation>jobId ist erforderlich: verwenden Sie einen Buchstaben, gefolgt von Buchstaben, Ziffern und Unterstrichen, z. B. census_20240101_120000</translation>
    </message>
    <message>
        <source>jobId must start with a letter (A–Z or a–z), not %1</source>
        <translation>jobId muss mit einem Buchstaben (A–Z oder a–z) beginnen, nicht mit %1</translation>
    </message>
    <message>
        <source>character %1 %2 is not allowed: use letters, digits and underscores (hyphens are not allowed)</source>
        <translation>das Zeichen %2 an Position %1 ist nicht erlaubt: verwenden Sie Buchstaben, Ziffern und Unterstriche (Bindestriche sind nicht erlaubt)</translation>
    </message>
    <message>
        <source>character %1 %2 is not allowed: use only the letters A–Z and a–z, digits and underscores</source>
        <translation>das Zeichen %2 an Position %1 ist nicht erlaubt: verwenden Sie nur die Buchstaben A–Z und a–z, Ziffern und Unterstriche</translation>
    </message>
    <message>
        <source>character %1 %2 is not allowed: use letters, digits and underscores</source>
        <translation>das Zeichen %2 an Position %1 ist nicht erlaubt: verwenden Sie Buchstaben, Ziffern und Unterstriche</translation>
    </message>
    <message>
        <source>jobId is %1 characters long; the maximum is %2</source>
        <translation>jobId ist %1 Zeichen lang; das Maximum ist %2</translation>
    </message>
    <message>
        <source>a job named %1 already exists: choose another jobId, e.g. %2</source>
        <translation>ein Job namens %1 existiert bereits: wählen Sie eine andere jobId, z. B. %2</translation>
    </message>
    <message>
        <source>%1 %2 is not a duration: write seconds followed by &apos;s&apos;, e.g. 7200s for two hours</source>
        <translation>%1 %2 ist keine Dauer: schreiben Sie Sekunden gefolgt von &apos;s&apos;, z. B. 7200s für zwei Stunden</translation>
    </message>
    <message>
        <source>maxWaitTime is %1; the minimum is %2s</source>
        <translation>maxWaitTime ist %1; das Minimum ist %2s</translation>
    </message>
    <message>
        <source>priority is %1; use a value from %2 to %3</source>
        <translation>priority ist %1; verwenden Sie einen Wert von %2 bis %3</translation>
    </message>
    <message>
        <source>none in the catalog</source>
        <translation>keine im Katalog</translation>
    </message>
    <message>
        <source>%1 may not offer %2 (the catalog is unsure); regions that do: %3</source>
        <translation>%1 bietet %2 möglicherweise nicht an (der Katalog ist unsicher); Regionen, die es anbieten: %3</translation>
    </message>
    <message>
        <source>%1 does not offer %2; regions that do: %3</source>
        <translation>%1 bietet %2 nicht an; Regionen, die es anbieten: %3</translation>
    </message>
    <message>
        <source>%1 are never available together in one zone of %2, and all GPUs of a job must share a zone: drop one of these GPU types or choose another region</source>
        <translation>%1 sind nie gemeinsam in einer Zone von %2 verfügbar, und alle GPUs eines Jobs müssen in derselben Zone liegen: lassen Sie einen dieser GPU-Typen weg oder wählen Sie eine andere Region</translation>
    </message>
    <message>
        <source>no zone of %1 offers all of %2, and all GPUs of a job must share a zone; zones: %3</source>
        <translation>keine Zone von %1 bietet alle von %2 an, und alle GPUs eines Jobs müssen in derselben Zone liegen; Zonen: %3</translation>
    </message>
    <message>
        <source>unknown region %1; valid regions: %2</source>
        <translation>unbekannte Region %1; gültige Regionen: %2</translation>
    </message>
    <message>
        <source>%1 offers no Cloud TPUs for the cloud_tpu worker; regions that do: %2</source>
        <translation>%1 bietet keine Cloud TPUs für den Worker cloud_tpu an; Regionen, die sie anbieten: %2</translation>
    </message>
    <message>
        <source>did you mean %1?</source>
        <translation>meinten Sie %1?</translation>
    </message>
    <message>
        <source>unknown machine type %1</source>
        <translation>unbekannter Maschinentyp %1</translation>
    </message>
    <message>
        <source>unknown boot disk type %1; valid types: %2%3</source>
        <translation>unbekannter Bootplattentyp %1; gültige Typen: %2%3</translation>
    </message>
    <message>
        <source>the boot disk size is %1 GB; it must be at least 1 GB</source>
        <translation>die Bootplattengröße ist %1 GB; sie muss mindestens 1 GB sein</translation>
    </message>
    <message>
        <source>the boot disk size is %1 GB; the minimum is %2 GB</source>
        <translation>die Bootplattengröße ist %1 GB; das Minimum ist %2 GB</translation>
    </message>
    <message>
        <source>the boot disk size is %1 GB; the maximum is %2 GB</source>
        <translation>die Bootplattengröße ist %1 GB; das Maximum ist %2 GB</translation>
    </message>
    <message>
        <source>%1 runs on a %2 GPU, which is no longer offered (since about %3); use CUSTOM with %4</source>
        <translation>%1 läuft auf einer %2-GPU, die nicht mehr angeboten wird (seit etwa %3); verwenden Sie CUSTOM mit %4</translation>
    </message>
    <message>
        <source>%1 is the name %2 had before it was generally available; the service takes %2</source>
        <translation>%1 ist der Name, den %2 vor der allgemeinen Verfügbarkeit hatte; der Dienst nimmt %2</translation>
    </message>
    <message>
        <source>%1 comes with %2 × %3 GPUs, which are no longer offered (since about %4); use %5</source>
        <translation>%1 bringt %2 × %3-GPUs mit, die nicht mehr angeboten werden (seit etwa %4); verwenden Sie %5</translation>
    </message>
    <message>
        <source>%1 is no longer offered (since about %2); use %3</source>
        <translation>%1 wird nicht mehr angeboten (seit etwa %2); verwenden Sie %3</translation>
    </message>
    <message>
        <source>parameter %1: minValue and maxValue are both %2, which pins the value: every trial gets %2</source>
        <translation>Parameter %1: minValue und maxValue sind beide %2, das legt den Wert fest: jeder Versuch erhält %2</translation>
    </message>
    <message>
        <source>environment variable %1 is %2 bytes long as NAME=value; the system starts no process with a variable over %3 bytes (128 KiB)</source>
        <translation>Umgebungsvariable %1 ist als NAME=Wert %2 Bytes lang; das System startet keinen Prozess mit einer Variablen über %3 Bytes (128 KiB)</translation>
    </message>
    <message>
        <source>region is not set: gcloud takes it from your compute/region setting; the service needs one of %1</source>
        <translation>region ist nicht gesetzt: gcloud nimmt sie aus Ihrer Einstellung compute/region; der Dienst braucht eine von %1</translation>
    </message>
    <message>
        <source>ends in .py: python -m takes a module name, not a file name</source>
        <translation>endet auf .py: python -m nimmt einen Modulnamen, keinen Dateinamen</translation>
    </message>
    <message>
        <source>has an empty segment between dots</source>
        <translation>hat einen leeren Abschnitt zwischen Punkten</translation>
    </message>
    <message>
        <source>contains %1, which no module name has</source>
        <translation>enthält %1, was kein Modulname enthält</translation>
    </message>
    <message>
        <source>package %1 is not a .tar.gz, .whl or .zip archive; pip may not install it</source>
        <translation>Paket %1 ist kein .tar.gz-, .whl- oder .zip-Archiv; pip installiert es womöglich nicht</translation>
    </message>
    <message>
        <source>local package %1 does not exist here; gcloud uploads local archives when the job is submitted</source>
        <translation>das lokale Paket %1 existiert hier nicht; gcloud lädt lokale Archive beim Übermitteln des Jobs hoch</translation>
    </message>
    <message>
        <source>package %1 must be a gs:// URI of an uploaded package, e.g. gs://bucket/trainer-0.1.tar.gz; for a local package directory use trainyardLocal.packagePath (or --packages with a local archive)</source>
        <translation>Paket %1 muss eine gs://-URI eines hochgeladenen Pakets sein, z. B. gs://bucket/trainer-0.1.tar.gz; für ein lokales Paketverzeichnis verwenden Sie trainyardLocal.packagePath (oder --packages mit einem lokalen Archiv)</translation>
    </message>
    <message>
        <source>pythonModule %1 %2; python -m cannot run it. Use a dotted name such as %3</source>
        <translation>pythonModule %1 %2; python -m kann es nicht ausführen. Verwenden Sie einen Namen mit Punkten wie %3</translation>
    </message>
    <message>
        <source>runtimeVersion is not set: the service once ran such jobs on runtime 1.0, today it needs one: set it (e.g. %1) or masterConfig.imageUri for a custom container</source>
        <translation>runtimeVersion ist nicht gesetzt: der Dienst führte solche Jobs früher mit Laufzeit 1.0 aus, heute braucht er eine: setzen Sie sie (z. B. %1) oder masterConfig.imageUri für einen eigenen Container</translation>
    </message>
    <message>
        <source>runtime %1 (%2) is no longer offered (since about %3, 12 months after its release); use %4</source>
        <translation>Laufzeit %1 (%2) wird nicht mehr angeboten (seit etwa %3, 12 Monate nach ihrer Veröffentlichung); verwenden Sie %4</translation>
    </message>
    <message>
        <source>a Vertex AI setting: AI Platform Training (gcloud ai-platform) does not know it; the local run and the Vertex AI hand-off follow it</source>
        <translation>eine Einstellung von Vertex AI: AI Platform Training (gcloud ai-platform) kennt sie nicht; der lokale Lauf und die Übergabe an Vertex AI befolgen sie</translation>
    </message>
    <message>
        <source>%1 is offered by Vertex AI custom training only; the AI Platform Training API does not know it: submit this job to Vertex AI</source>
        <translation>%1 gibt es nur beim benutzerdefinierten Training von Vertex AI; die API von AI Platform Training kennt ihn nicht: senden Sie diesen Job an Vertex AI</translation>
    </message>
</context>
<context>
    <name>trainyard::VertexExport</name>
    <message>
        <source>Vertex AI does not pass --job-dir to the app; it sets AIP_MODEL_DIR under baseOutputDirectory instead</source>
        <translation>Vertex AI übergibt --job-dir nicht an die Anwendung; stattdessen setzt es AIP_MODEL_DIR unterhalb von baseOutputDirectory</translation>
    </message>
    <message>
        <source>unknown scale tier &apos;%1&apos;; the pools are taken from the spec&apos;s machine types</source>
        <translation>unbekannte Skalierungsstufe &apos;%1&apos;; die Pools werden aus den Maschinentypen der Spezifikation übernommen</translation>
    </message>
    <message>
        <source>&apos;%1&apos; has no equivalent in this export: Vertex AI TPUs need a TPU machine type</source>
        <translation>&apos;%1&apos; hat in diesem Export keine Entsprechung: TPUs in Vertex AI brauchen einen TPU-Maschinentyp</translation>
    </message>
    <message>
        <source>%1 has no equivalent in this export: Vertex AI TPUs need a TPU machine type</source>
        <translation>%1 hat in diesem Export keine Entsprechung: TPUs in Vertex AI brauchen einen TPU-Maschinentyp</translation>
    </message>
    <message>
        <source>not part of a CustomJob: tuning needs a Vertex AI HyperparameterTuningJob around this CustomJob; left out</source>
        <translation>nicht Teil eines CustomJob: die Abstimmung braucht einen Vertex AI HyperparameterTuningJob um diesen CustomJob; weggelassen</translation>
    </message>
    <message>
        <source>has no CustomJob equivalent; left out</source>
        <translation>hat keine Entsprechung im CustomJob; weggelassen</translation>
    </message>
    <message>
        <source>legacy machine type &apos;%1&apos; has no Vertex AI machine type; choose a Compute Engine machine type</source>
        <translation>der alte Maschinentyp &apos;%1&apos; hat keinen Vertex-AI-Maschinentyp; wählen Sie einen Compute-Engine-Maschinentyp</translation>
    </message>
    <message>
        <source>legacy machine type &apos;%1&apos; runs as %2 with %3 × %4 on Vertex AI (%5 vCPUs, %6 GB)</source>
        <translation>der alte Maschinentyp &apos;%1&apos; läuft auf Vertex AI als %2 mit %3 × %4 (%5 vCPUs, %6 GB)</translation>
    </message>
    <message>
        <source>legacy machine type &apos;%1&apos; runs as %2 on Vertex AI (%3 vCPUs, %4 GB)</source>
        <translation>der alte Maschinentyp &apos;%1&apos; läuft auf Vertex AI als %2 (%3 vCPUs, %4 GB)</translation>
    </message>
    <message>
        <source>runtimeVersion is not set: the package runs in the %1 %2 image</source>
        <translation>runtimeVersion ist nicht gesetzt: das Paket läuft im Image %1 %2</translation>
    </message>
    <message>
        <source>runtime %1 has no Vertex AI pre-built training image (TensorFlow 1.15 and 2.x have one): use runtime 1.15 or 2.x, or a custom container</source>
        <translation>Laufzeit %1 hat kein vorgefertigtes Vertex-AI-Trainingsimage (TensorFlow 1.15 und 2.x haben eines): verwenden Sie Laufzeit 1.15 oder 2.x oder einen eigenen Container</translation>
    </message>
    <message>
        <source>the Vertex AI image for runtime %1 has Python %2, not %3</source>
        <translation>das Vertex-AI-Image für Laufzeit %1 hat Python %2, nicht %3</translation>
    </message>
    <message>
        <source>the %1 %2 image&apos;s availability ended on %3: Vertex AI may refuse it; pick a current pre-built container for your framework</source>
        <translation>die Verfügbarkeit des Images %1 %2 endete am %3: Vertex AI lehnt es womöglich ab; wählen Sie einen aktuellen vorgefertigten Container für Ihr Framework</translation>
    </message>
    <message>
        <source>the Vertex AI image for %1 %2 has no GPU build</source>
        <translation>das Vertex-AI-Image für %1 %2 hat keine GPU-Variante</translation>
    </message>
    <message>
        <source>no package: give packageUris or a local package directory</source>
        <translation>kein Paket: geben Sie packageUris oder ein lokales Paketverzeichnis an</translation>
    </message>
    <message>
        <source>the package is staged to %1: replace STAGING_BUCKET with your bucket (gcloud&apos;s --staging-bucket), or set a gs:// jobDir</source>
        <translation>das Paket wird nach %1 hochgeladen: ersetzen Sie STAGING_BUCKET durch Ihren Bucket (gclouds --staging-bucket) oder setzen Sie ein gs://-jobDir</translation>
    </message>
    <message>
        <source>has no meaning for a categorical parameter; left out</source>
        <translation>hat für einen kategorialen Parameter keine Bedeutung; weggelassen</translation>
    </message>
    <message>
        <source>has no HyperparameterTuningJob equivalent; left out</source>
        <translation>hat keine Entsprechung im HyperparameterTuningJob; weggelassen</translation>
    </message>
</context>
<context>
    <name>trainyard::YamlImport</name>
    <message>
        <source>an empty value</source>
        <translation>ein leerer Wert</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>eine Liste</translation>
    </message>
    <message>
        <source>a mapping</source>
        <translation>eine Zuordnung</translation>
    </message>
    <message>
        <source>%1 more problems are not shown</source>
        <translation>%1 weitere Probleme werden nicht angezeigt</translation>
    </message>
    <message>
        <source>expected a mapping, got %1</source>
        <translation>Zuordnung erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>expected a key name, got %1</source>
        <translation>Schlüsselname erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>duplicate key &apos;%1&apos;; the last one is used</source>
        <translation>doppelter Schlüssel &apos;%1&apos;; der letzte wird verwendet</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is output-only and is ignored</source>
        <translation>&apos;%1&apos; ist ein reines Ausgabefeld und wird ignoriert</translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos;; did you mean &apos;%2&apos;?</source>
        <translation>unbekannter Schlüssel &apos;%1&apos;; meinten Sie &apos;%2&apos;?</translation>
    </message>
    <message>
        <source>expected a list, got %1</source>
        <translation>Liste erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>expected a string, got %1</source>
        <translation>Zeichenkette erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>gcloud reads the unquoted value %1 as %2; write &quot;%1&quot; in quotes to keep it as text</source>
        <translation>gcloud liest den Wert %1 ohne Anführungszeichen als %2; schreiben Sie &quot;%1&quot; in Anführungszeichen, damit er Text bleibt</translation>
    </message>
    <message>
        <source>expected an integer, got %1</source>
        <translation>Ganzzahl erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>integer out of range: %1</source>
        <translation>Ganzzahl außerhalb des zulässigen Bereichs: %1</translation>
    </message>
    <message>
        <source>expected true or false, got %1</source>
        <translation>true oder false erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>expected a number, got %1</source>
        <translation>Zahl erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>number out of range: %1</source>
        <translation>Zahl außerhalb des zulässigen Bereichs: %1</translation>
    </message>
    <message>
        <source>file is too large: %1 bytes, the limit is %2 bytes</source>
        <translation>die Datei ist zu groß: %1 Byte, die Grenze liegt bei %2 Byte</translation>
    </message>
    <message>
        <source>file is empty</source>
        <translation>die Datei ist leer</translation>
    </message>
    <message>
        <source>file is UTF-32; save it as UTF-8</source>
        <translation>die Datei ist UTF-32; speichern Sie sie als UTF-8</translation>
    </message>
    <message>
        <source>file is UTF-16; save it as UTF-8</source>
        <translation>die Datei ist UTF-16; speichern Sie sie als UTF-8</translation>
    </message>
    <message>
        <source>file is not valid UTF-8 at line %1, column %2 (byte 0x%3); save it as UTF-8</source>
        <translation>die Datei ist in Zeile %1, Spalte %2 kein gültiges UTF-8 (Byte 0x%3); speichern Sie sie als UTF-8</translation>
    </message>
    <message>
        <source>file contains a NUL byte at line %1, column %2; is it UTF-16 or binary?</source>
        <translation>die Datei enthält ein NUL-Byte in Zeile %1, Spalte %2; ist sie UTF-16 oder binär?</translation>
    </message>
    <message>
        <source>file contains the control character 0x%1 at line %2, column %3; is it binary?</source>
        <translation>die Datei enthält das Steuerzeichen 0x%1 in Zeile %2, Spalte %3; ist sie binär?</translation>
    </message>
    <message>
        <source>nesting is too deep at line %1, column %2 (more than %3 levels)</source>
        <translation>die Verschachtelung ist in Zeile %1, Spalte %2 zu tief (mehr als %3 Ebenen)</translation>
    </message>
    <message>
        <source>too many items in [ ] and { } collections at line %1 (more than %2)</source>
        <translation>zu viele Elemente in [ ]- und { }-Sammlungen in Zeile %1 (mehr als %2)</translation>
    </message>
    <message>
        <source>file contains more than one YAML document</source>
        <translation>die Datei enthält mehr als ein YAML-Dokument</translation>
    </message>
    <message>
        <source>document has too many nodes (more than %1)</source>
        <translation>das Dokument hat zu viele Knoten (mehr als %1)</translation>
    </message>
    <message>
        <source>unexpected &apos;:&apos; (quote a value that contains &apos;: &apos;, or check the indentation)</source>
        <translation>unerwartetes &apos;:&apos; (setzen Sie einen Wert, der &apos;: &apos; enthält, in Anführungszeichen, oder prüfen Sie die Einrückung)</translation>
    </message>
    <message>
        <source>a closing &apos;}&apos; is missing</source>
        <translation>ein schließendes &apos;}&apos; fehlt</translation>
    </message>
    <message>
        <source>a closing &apos;]&apos; is missing</source>
        <translation>ein schließendes &apos;]&apos; fehlt</translation>
    </message>
    <message>
        <source>unexpected &apos;]&apos; or &apos;}&apos;</source>
        <translation>unerwartetes &apos;]&apos; oder &apos;}&apos;</translation>
    </message>
    <message>
        <source>the indentation is inconsistent</source>
        <translation>die Einrückung ist uneinheitlich</translation>
    </message>
    <message>
        <source>a quoted string is not closed</source>
        <translation>eine Zeichenkette in Anführungszeichen ist nicht abgeschlossen</translation>
    </message>
    <message>
        <source>an alias (*name) refers to an anchor (&amp;name) that is not defined</source>
        <translation>ein Alias (*name) verweist auf einen nicht definierten Anker (&amp;name)</translation>
    </message>
    <message>
        <source>a tab is used for indentation; use spaces</source>
        <translation>zur Einrückung wird ein Tabulator verwendet; verwenden Sie Leerzeichen</translation>
    </message>
    <message>
        <source>a list item (&apos;- &apos;) is not allowed here</source>
        <translation>ein Listenelement (&apos;- &apos;) ist hier nicht erlaubt</translation>
    </message>
    <message>
        <source>unknown escape sequence in a double-quoted string</source>
        <translation>unbekannte Escape-Sequenz in einer Zeichenkette in doppelten Anführungszeichen</translation>
    </message>
    <message>
        <source>YAML syntax error: %1</source>
        <translation>YAML-Syntaxfehler: %1</translation>
    </message>
    <message>
        <source>not enough memory to read the file</source>
        <translation>nicht genug Speicher, um die Datei zu lesen</translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation>die Datei kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>expected a mapping at the top level, got %1</source>
        <translation>Zuordnung auf oberster Ebene erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>document expands to too many nodes (aliases?); the limit is %1</source>
        <translation>das Dokument ergibt nach dem Auflösen zu viele Knoten (Aliase?); die Grenze liegt bei %1</translation>
    </message>
    <message>
        <source>cannot read %1: no such file</source>
        <translation>%1 kann nicht gelesen werden: Datei existiert nicht</translation>
    </message>
    <message>
        <source>cannot read %1: it is a directory</source>
        <translation>%1 kann nicht gelesen werden: es ist ein Verzeichnis</translation>
    </message>
    <message>
        <source>cannot read %1: file is too large: %2 bytes, the limit is %3 bytes</source>
        <translation>%1 kann nicht gelesen werden: die Datei ist zu groß: %2 Byte, die Grenze liegt bei %3 Byte</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>cannot read %1: file is larger than the limit of %2 bytes</source>
        <translation>%1 kann nicht gelesen werden: die Datei ist größer als die Grenze von %2 Byte</translation>
    </message>
    <message>
        <source>gcloud reads the unquoted value %1 as a number and sends it as &quot;%1&quot;; write &quot;%1&quot; in quotes to keep it as text</source>
        <translation>gcloud liest den Wert %1 ohne Anführungszeichen als Zahl und sendet ihn als &quot;%1&quot;; schreiben Sie &quot;%1&quot; in Anführungszeichen, damit er Text bleibt</translation>
    </message>
    <message>
        <source>&apos;%1&apos; belongs under &apos;trainingInput&apos;; the service refuses it here</source>
        <translation>&apos;%1&apos; gehört unter &apos;trainingInput&apos;; hier lehnt der Dienst es ab</translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos;: the service refuses fields it does not know</source>
        <translation>unbekannter Schlüssel &apos;%1&apos;: der Dienst lehnt Felder ab, die er nicht kennt</translation>
    </message>
</context>
<context>
    <name>trainyard::app</name>
    <message>
        <source>trainyard: cannot start %1: %2</source>
        <translation>trainyard: %1 kann nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>trainyard: cannot find %1: the folder of this program is not known (is /proc mounted?)</source>
        <translation>trainyard: %1 nicht gefunden: der Ordner dieses Programms ist nicht bekannt (ist /proc eingehängt?)</translation>
    </message>
</context>
<context>
    <name>trainyard::exec</name>
    <message>
        <source>Nothing to run: the job has neither a Python module (trainingInput.pythonModule) nor a local executable (trainyardLocal.executable).</source>
        <translation>Nichts auszuführen: Der Job hat weder ein Python-Modul (trainingInput.pythonModule) noch ein lokales Programm (trainyardLocal.executable).</translation>
    </message>
    <message>
        <source>The variable %1 is set by the service; the value in the spec is ignored.</source>
        <translation>Die Variable %1 wird vom Dienst gesetzt; der Wert in der Spezifikation wird ignoriert.</translation>
    </message>
    <message>
        <source>The secret &quot;%1&quot; for the variable %2 is not available.</source>
        <translation>Das Geheimnis &quot;%1&quot; für die Variable %2 ist nicht verfügbar.</translation>
    </message>
    <message>
        <source>Internal error: the cluster has replicas without a port.</source>
        <translation>Interner Fehler: Der Cluster hat Replikate ohne Port.</translation>
    </message>
    <message>
        <source>The package directory %1 does not exist.</source>
        <translation>Das Paketverzeichnis %1 existiert nicht.</translation>
    </message>
    <message>
        <source>The module %1 is not in %2 (no %3).</source>
        <translation>Das Modul %1 ist nicht in %2 (%3 fehlt).</translation>
    </message>
    <message>
        <source>The working directory %1 does not exist.</source>
        <translation>Das Arbeitsverzeichnis %1 existiert nicht.</translation>
    </message>
    <message>
        <source>The program %1 does not exist.</source>
        <translation>Das Programm %1 existiert nicht.</translation>
    </message>
    <message>
        <source>The program %1 is not executable.</source>
        <translation>Das Programm %1 ist nicht ausführbar.</translation>
    </message>
    <message>
        <source>The program %1 was not found on PATH.</source>
        <translation>Das Programm %1 wurde in PATH nicht gefunden.</translation>
    </message>
    <message>
        <source>The Python interpreter %1 was not found on PATH. Set TRAINYARD_PYTHON or the Python setting to an interpreter.</source>
        <translation>Der Python-Interpreter %1 wurde in PATH nicht gefunden. Setzen Sie TRAINYARD_PYTHON oder die Python-Einstellung auf einen Interpreter.</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>There is no job %1.</source>
        <translation>Es gibt keinen Job %1.</translation>
    </message>
    <message>
        <source>Cannot request the cancel of %1: %2</source>
        <translation>Der Abbruch von %1 kann nicht angefordert werden: %2</translation>
    </message>
    <message>
        <source>Python cannot import the module %1 (or a module it needs)</source>
        <translation>Python kann das Modul %1 (oder ein davon benötigtes Modul) nicht importieren</translation>
    </message>
    <message>
        <source>Python cannot import a module</source>
        <translation>Python kann ein Modul nicht importieren</translation>
    </message>
    <message>
        <source>port %1 is already in use by another program</source>
        <translation>Port %1 wird bereits von einem anderen Programm verwendet</translation>
    </message>
    <message>
        <source>a port it needs is already in use by another program</source>
        <translation>ein benötigter Port wird bereits von einem anderen Programm verwendet</translation>
    </message>
    <message>
        <source>The run settings are not a JSON object: %1</source>
        <translation>Die Laufeinstellungen sind kein JSON-Objekt: %1</translation>
    </message>
    <message>
        <source>The Python interpreter %1 does not exist.</source>
        <translation>Der Python-Interpreter %1 existiert nicht.</translation>
    </message>
    <message>
        <source>The Python interpreter %1 is not executable.</source>
        <translation>Der Python-Interpreter %1 ist nicht ausführbar.</translation>
    </message>
    <message>
        <source>Trial %1: %2</source>
        <translation>Versuch %1: %2</translation>
    </message>
    <message>
        <source>Cannot become a child subreaper; processes that leave their replica&apos;s session may outlive the job.</source>
        <translation>Kann nicht Child-Subreaper werden; Prozesse, die die Sitzung ihres Replikats verlassen, können den Job überleben.</translation>
    </message>
    <message>
        <source>The job asks for %1 GPUs; this machine gives it %2 (a note: speed and memory differ from the service&apos;s).</source>
        <translation>Der Job verlangt %1-GPUs; dieser Rechner gibt ihm %2 (ein Hinweis: Geschwindigkeit und Speicher weichen vom Dienst ab).</translation>
    </message>
    <message numerus="yes">
        <source>The job asks for %n GPU(s) (%1); this machine has none: the replicas run on the CPU.</source>
        <translation>
            <numerusform>Der Job verlangt %n GPU (%1); dieser Rechner hat keine: die Replikate laufen auf der CPU.</numerusform>
            <numerusform>Der Job verlangt %n GPUs (%1); dieser Rechner hat keine: die Replikate laufen auf der CPU.</numerusform>
        </translation>
    </message>
    <message>
        <source>The job asks for %1 GPUs (%2); this machine has %3: %4.</source>
        <translation>Der Job verlangt %1 GPUs (%2); dieser Rechner hat %3: %4.</translation>
    </message>
    <message>
        <source>Run it with --gpus=cpu to hide every GPU (NCCL needs a GPU per rank; the gloo backend runs on the CPU), or with --gpus=shared to hand the GPUs out round-robin (NCCL refuses two ranks on one GPU).</source>
        <translation>Starten Sie ihn mit --gpus=cpu, um jede GPU zu verbergen (NCCL braucht eine GPU pro Rang; das gloo-Backend läuft auf der CPU), oder mit --gpus=shared, um die GPUs reihum zu verteilen (NCCL lehnt zwei Ränge auf einer GPU ab).</translation>
    </message>
    <message numerus="yes">
        <source>maxParallelTrials asks for %1 trials at once; each needs %n GPU(s) of its own and this machine has %2, so %3 run at once and the others wait for a free GPU set.</source>
        <translation>
            <numerusform>maxParallelTrials verlangt %1 gleichzeitige Versuche; jeder braucht %n eigene GPU und dieser Rechner hat %2, also laufen %3 gleichzeitig und die anderen warten auf freie GPUs.</numerusform>
            <numerusform>maxParallelTrials verlangt %1 gleichzeitige Versuche; jeder braucht %n eigene GPUs und dieser Rechner hat %2, also laufen %3 gleichzeitig und die anderen warten auf freie GPUs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 trials at once run %2 replicas at once, more than this machine&apos;s %n core(s): they compete for the CPU.</source>
        <translation>
            <numerusform>%1 gleichzeitige Versuche führen %2 Replikate gleichzeitig aus, mehr als der %n Kern dieses Rechners: sie konkurrieren um die CPU.</numerusform>
            <numerusform>%1 gleichzeitige Versuche führen %2 Replikate gleichzeitig aus, mehr als die %n Kerne dieses Rechners: sie konkurrieren um die CPU.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation>%1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <source>Cannot write the request: %1</source>
        <translation>Die Anfrage kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>%1 is not a rehearsal request; ignored</source>
        <translation>%1 ist keine Probe-Anfrage; ignoriert</translation>
    </message>
    <message>
        <source>VM maintenance (rehearsed)</source>
        <translation>VM-Wartung (geprobt)</translation>
    </message>
    <message>
        <source>a crash (rehearsed)</source>
        <translation>einem Absturz (geprobt)</translation>
    </message>
    <message>
        <source>another replica&apos;s restart (restartJobOnWorkerRestart)</source>
        <translation>dem Neustart eines anderen Replikats (restartJobOnWorkerRestart)</translation>
    </message>
    <message>
        <source>a non-zero exit</source>
        <translation>einem Exit-Code ungleich null</translation>
    </message>
    <message>
        <source>There is no running replica %1 in this job.</source>
        <translation>In diesem Job gibt es kein laufendes Replikat %1.</translation>
    </message>
    <message>
        <source>Cannot start %1 to read the job&apos;s secrets: %2</source>
        <translation>%1 kann nicht gestartet werden, um die Geheimnisse des Jobs zu lesen: %2</translation>
    </message>
    <message>
        <source>a job cannot resume its own study</source>
        <translation>ein Job kann seine eigene Studie nicht fortsetzen</translation>
    </message>
    <message>
        <source>there is no job %1 in this store (%2)</source>
        <translation>in diesem Speicher (%2) gibt es keinen Job %1</translation>
    </message>
    <message>
        <source>%1 ran on Vertex AI; a local run resumes only a local tuning job</source>
        <translation>%1 lief auf Vertex AI; ein lokaler Lauf setzt nur einen lokalen Tuning-Job fort</translation>
    </message>
    <message>
        <source>%1 is not a hyperparameter tuning job</source>
        <translation>%1 ist kein Hyperparameter-Tuning-Job</translation>
    </message>
    <message>
        <source>%1 is still %2; resume its study once it has ended</source>
        <translation>%1 ist noch %2; setzen Sie seine Studie fort, wenn er beendet ist</translation>
    </message>
    <message>
        <source>its study differs from this job&apos;s: %1</source>
        <translation>seine Studie unterscheidet sich von der dieses Jobs: %1</translation>
    </message>
    <message>
        <source>%1 cannot be resumed: %2. Name a local tuning job that has ended and tunes the same parameters with the same goal and metric tag, or remove resumePreviousJobId to start a new study.</source>
        <translation>%1 kann nicht fortgesetzt werden: %2. Nennen Sie einen beendeten lokalen Tuning-Job, der dieselben Parameter mit demselben Ziel und Metrik-Tag optimiert, oder entfernen Sie resumePreviousJobId, um eine neue Studie zu beginnen.</translation>
    </message>
    <message>
        <source>Trial %1 is stopped early at step %2: its best %3 so far, %4, is %5 the median %6 of the running averages of %7 completed trials up to that step (the median stopping rule). SIGTERM, then SIGKILL after the grace period.</source>
        <translation>Versuch %1 wird bei Schritt %2 vorzeitig beendet: sein bisher bester Wert von %3, %4, liegt %5 dem Median %6 der laufenden Mittelwerte von %7 abgeschlossenen Versuchen bis zu diesem Schritt (die Median-Abbruchregel). SIGTERM, dann SIGKILL nach der Schonfrist.</translation>
    </message>
    <message>
        <source>above</source>
        <translation>über</translation>
    </message>
    <message>
        <source>below</source>
        <translation>unter</translation>
    </message>
    <message>
        <source>Every GPU is hidden (CPU only): NCCL needs a GPU per rank; use the gloo backend, which runs on the CPU.</source>
        <translation>Jede GPU ist verborgen (nur CPU): NCCL braucht eine GPU pro Rang; verwenden Sie das gloo-Backend, das auf der CPU läuft.</translation>
    </message>
    <message numerus="yes">
        <source>GPUs are shared: %n GPU(s) asked, handed out round-robin over %1 here. NCCL refuses two ranks on one GPU (&quot;Duplicate GPU detected&quot;); use gloo or fewer ranks.</source>
        <translation>
            <numerusform>GPUs werden geteilt: %n GPU verlangt, reihum auf die %1 hier verteilt. NCCL lehnt zwei Ränge auf einer GPU ab („Duplicate GPU detected“); verwenden Sie gloo oder weniger Ränge.</numerusform>
            <numerusform>GPUs werden geteilt: %n GPUs verlangt, reihum auf die %1 hier verteilt. NCCL lehnt zwei Ränge auf einer GPU ab („Duplicate GPU detected“); verwenden Sie gloo oder weniger Ränge.</numerusform>
        </translation>
    </message>
    <message>
        <source>The host name %1 does not resolve on this machine (%2; /etc/hosts has no entry for it): the replicas listen on and are given the loopback address %3 instead.</source>
        <translation>Der Hostname %1 lässt sich auf diesem Rechner nicht auflösen (%2; /etc/hosts hat keinen Eintrag dafür): Die Replikate lauschen stattdessen auf der Loopback-Adresse %3 und bekommen diese genannt.</translation>
    </message>
    <message>
        <source>Cannot find %1 to read the job&apos;s secrets: the folder of this program is not known</source>
        <translation>%1 zum Lesen der Geheimnisse des Jobs nicht gefunden: der Ordner dieses Programms ist nicht bekannt</translation>
    </message>
    <message>
        <source>%1 is not a folder; rehearsal requests are ignored</source>
        <translation>%1 ist kein Ordner; Probe-Anfragen werden ignoriert</translation>
    </message>
    <message>
        <source>port %1 is already in use by another program (%2)</source>
        <translation>Port %1 wird bereits von einem anderen Programm verwendet (%2)</translation>
    </message>
    <message>
        <source>Cannot read %1: it is not a regular file</source>
        <translation>%1 kann nicht gelesen werden: es ist keine reguläre Datei</translation>
    </message>
    <message>
        <source>Cannot read %1: it is larger than %2 bytes</source>
        <translation>%1 kann nicht gelesen werden: es ist größer als %2 Byte</translation>
    </message>
</context>
<context>
    <name>trainyard::exec::JobGpuPlan</name>
    <message>
        <source>%1: no GPU (CUDA_VISIBLE_DEVICES=)</source>
        <translation>%1: keine GPU (CUDA_VISIBLE_DEVICES=)</translation>
    </message>
    <message>
        <source>GPU %1 (%2)</source>
        <translation>GPU %1 (%2)</translation>
    </message>
</context>
<context>
    <name>trainyard::exec::LocalLauncher</name>
    <message>
        <source>The job %1 could not be started: %2</source>
        <translation>Der Job %1 konnte nicht gestartet werden: %2</translation>
    </message>
</context>
<context>
    <name>trainyard::exec::Owner</name>
    <message>
        <source>Cannot claim the job %1: %2</source>
        <translation>Der Job %1 kann nicht übernommen werden: %2</translation>
    </message>
    <message>
        <source>Cannot read the state of the job %1: %2</source>
        <translation>Der Zustand des Jobs %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>The job %1 has already ended.</source>
        <translation>Der Job %1 ist bereits beendet.</translation>
    </message>
    <message>
        <source>Metrics are not recorded by the owner: %1</source>
        <translation>Metriken werden vom Besitzerprozess nicht aufgezeichnet: %1</translation>
    </message>
    <message>
        <source>The stored spec cannot be read: %1</source>
        <translation>Die gespeicherte Spezifikation kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>The service catalog cannot be loaded.</source>
        <translation>Der Dienstkatalog kann nicht geladen werden.</translation>
    </message>
    <message>
        <source>The job&apos;s secrets cannot be read: this program has no keychain, and %1 beside it could not be started.</source>
        <translation>Die Geheimnisse des Jobs können nicht gelesen werden: Dieses Programm hat keinen Schlüsselbund, und %1 daneben konnte nicht gestartet werden.</translation>
    </message>
    <message>
        <source>The secret %1 is shorter than 4 bytes and is not masked in logs.</source>
        <translation>Das Geheimnis %1 ist kürzer als 4 Byte und wird in Logs nicht maskiert.</translation>
    </message>
    <message>
        <source>The job ran longer than its maximum running time (scheduling.maxRunningTime %1) and was cancelled.</source>
        <translation>Der Job lief länger als seine maximale Laufzeit (scheduling.maxRunningTime %1) und wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Rehearsal of %1 for %2 not done: %3</source>
        <translation>Probe (%1) für %2 nicht ausgeführt: %3</translation>
    </message>
    <message>
        <source>Cannot write the job state: %1</source>
        <translation>Der Jobzustand kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>The job ended %1 but its state cannot be recorded in the job folder (%2); it is kept in %3.</source>
        <translation>Der Job endete mit %1, aber sein Zustand kann nicht im Job-Ordner gespeichert werden (%2); er wird in %3 aufbewahrt.</translation>
    </message>
    <message>
        <source>The job ended %1 but its state cannot be recorded; giving up.</source>
        <translation>Der Job endete mit %1, aber sein Zustand kann nicht festgehalten werden; Abbruch.</translation>
    </message>
    <message>
        <source>Ports are reserved for this user only: %1</source>
        <translation>Ports werden nur für diesen Benutzer reserviert: %1</translation>
    </message>
    <message>
        <source>A rehearsal request names no replica of this job (%1); ignored</source>
        <translation>Eine Probe-Anfrage nennt kein Replikat dieses Jobs (%1); ignoriert</translation>
    </message>
    <message>
        <source>There is no replica %1 in this job.</source>
        <translation>In diesem Job gibt es kein Replikat %1.</translation>
    </message>
    <message>
        <source>The log of %1 cannot be written (%2): the rest of its output is lost.</source>
        <translation>Das Log von %1 kann nicht geschrieben werden (%2): der Rest seiner Ausgabe geht verloren.</translation>
    </message>
    <message>
        <source>The disk holding the store (%1) is nearly full: %2 free, less than %3 (1 % of the file system, at most 1 GB). Logs, metrics and the job&apos;s state stop being written when it is full.</source>
        <translation>Der Datenträger des Jobspeichers (%1) ist fast voll: %2 frei, weniger als %3 (1 % des Dateisystems, höchstens 1 GB). Ist er voll, werden Logs, Metriken und der Zustand des Jobs nicht mehr geschrieben.</translation>
    </message>
</context>
<context>
    <name>trainyard::exec::ReplicaProcess</name>
    <message>
        <source>%1 could not be started: %2</source>
        <translation>%1 konnte nicht gestartet werden: %2</translation>
    </message>
</context>
<context>
    <name>trainyard::exec::ReplicaSet</name>
    <message>
        <source>%1: secret variables left out: %2</source>
        <translation>%1: geheime Variablen weggelassen: %2</translation>
    </message>
    <message>
        <source>The replica %1 cannot start: %2</source>
        <translation>Das Replikat %1 kann nicht starten: %2</translation>
    </message>
    <message>
        <source>%1: the log file cannot be written: %2</source>
        <translation>%1: die Logdatei kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>was killed by signal %1</source>
        <translation>wurde durch Signal %1 beendet</translation>
    </message>
    <message>
        <source>exited with code %1</source>
        <translation>wurde mit Code %1 beendet</translation>
    </message>
    <message>
        <source>The replica %1 %2: %3.</source>
        <translation>Das Replikat %1 %2: %3.</translation>
    </message>
    <message numerus="yes">
        <source>The replica %1 %2 after %n restart(s).</source>
        <translation>
            <numerusform>Das Replikat %1 %2 (nach einem Neustart).</numerusform>
            <numerusform>Das Replikat %1 %2 (nach %n Neustarts).</numerusform>
        </translation>
    </message>
    <message>
        <source>The replica %1 %2.</source>
        <translation>Das Replikat %1 %2.</translation>
    </message>
    <message>
        <source>Last lines of its stderr:</source>
        <translation>Letzte Zeilen seiner stderr-Ausgabe:</translation>
    </message>
    <message>
        <source>%1 exited with code %2; restart %3 of %4</source>
        <translation>%1 wurde mit Code %2 beendet; Neustart %3 von %4</translation>
    </message>
    <message>
        <source>Rerunning the whole job (attempt %1 of %2): %3</source>
        <translation>Der ganze Job läuft erneut (Durchgang %1 von %2): %3</translation>
    </message>
    <message>
        <source>Grace period over: killing what is left of the replicas.</source>
        <translation>Schonfrist abgelaufen: Die restlichen Replikate werden zwangsweise beendet.</translation>
    </message>
    <message>
        <source>Some replica processes do not die; giving up on them.</source>
        <translation>Einige Replikatprozesse lassen sich nicht beenden; sie werden aufgegeben.</translation>
    </message>
    <message>
        <source>There is no replica %1 in this job.</source>
        <translation>In diesem Job gibt es kein Replikat %1.</translation>
    </message>
    <message>
        <source>The replicas are not running (the job is ending).</source>
        <translation>Die Replikate laufen nicht (der Job endet).</translation>
    </message>
    <message>
        <source>%1 is not running now (%2).</source>
        <translation>%1 läuft gerade nicht (%2).</translation>
    </message>
    <message>
        <source>%1 is already going through a rehearsed %2.</source>
        <translation>%1 durchläuft bereits eine Probe (%2).</translation>
    </message>
    <message>
        <source>Rehearsal: %1 crashes (SIGKILL)</source>
        <translation>Probe: %1 stürzt ab (SIGKILL)</translation>
    </message>
    <message>
        <source>Rehearsal: VM maintenance for %1: SIGTERM, %2 s grace period, then SIGKILL; it restarts with the same TF_CONFIG, port and environment</source>
        <translation>Probe: VM-Wartung für %1: SIGTERM, %2 s Schonfrist, dann SIGKILL; es startet mit derselben TF_CONFIG, demselben Port und derselben Umgebung neu</translation>
    </message>
    <message>
        <source>%1: grace period over, SIGKILL</source>
        <translation>%1: Schonfrist abgelaufen, SIGKILL</translation>
    </message>
    <message>
        <source>Rehearsal planned: VM maintenance for %1 %2 s after the start</source>
        <translation>Probe geplant: VM-Wartung für %1 %2 s nach dem Start</translation>
    </message>
    <message>
        <source>Planned VM maintenance for %1 skipped: %2</source>
        <translation>Geplante VM-Wartung für %1 ausgelassen: %2</translation>
    </message>
    <message>
        <source>%1 restarts: scheduling.restartJobOnWorkerRestart restarts every replica</source>
        <translation>%1 startet neu: scheduling.restartJobOnWorkerRestart startet jedes Replikat neu</translation>
    </message>
    <message>
        <source>, last step %1</source>
        <translation>, letzter Schritt %1</translation>
    </message>
    <message>
        <source>[trainyard] %1 restarted after %2%3</source>
        <translation>[trainyard] %1 neu gestartet nach %2%3</translation>
    </message>
    <message>
        <source>%1 started over at step %2 after reaching step %3: it did not restore a checkpoint. The service restarts replicas (VM maintenance, failures); save checkpoints under the job dir regularly and restore the most recent one at start.</source>
        <translation>%1 hat bei Schritt %2 neu begonnen, nachdem Schritt %3 erreicht war: es hat keinen Checkpoint wiederhergestellt. Der Dienst startet Replikate neu (VM-Wartung, Fehler); speichern Sie regelmäßig Checkpoints unter dem Jobverzeichnis und stellen Sie beim Start den neuesten wieder her.</translation>
    </message>
    <message>
        <source>[trainyard] %1 started over at step %2 after reaching step %3 (no checkpoint restored)</source>
        <translation>[trainyard] %1 hat bei Schritt %2 neu begonnen, nachdem Schritt %3 erreicht war (kein Checkpoint wiederhergestellt)</translation>
    </message>
    <message>
        <source>[trainyard] %1 resumed at step %2</source>
        <translation>[trainyard] %1 setzt bei Schritt %2 fort</translation>
    </message>
</context>
<context>
    <name>trainyard::exec::TrialRunner</name>
    <message>
        <source>Trial %1 SUCCEEDED: %2 = %3 at step %4</source>
        <translation>Versuch %1 SUCCEEDED: %2 = %3 bei Schritt %4</translation>
    </message>
    <message>
        <source>Trial %1 SUCCEEDED without reporting %2.</source>
        <translation>Versuch %1 SUCCEEDED, ohne %2 zu melden.</translation>
    </message>
    <message>
        <source>Trial %1 %2.</source>
        <translation>Versuch %1 %2.</translation>
    </message>
    <message>
        <source>Every trial failed.</source>
        <translation>Alle Versuche sind fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Early stopping: the median stopping rule judges each running trial&apos;s reports against the completed trials&apos; (at least %1 of them, after %2 reports).</source>
        <translation>Vorzeitiger Abbruch: die Median-Abbruchregel misst die Berichte jedes laufenden Versuchs an denen der abgeschlossenen Versuche (mindestens %1 davon, nach %2 Berichten).</translation>
    </message>
    <message>
        <source>resumePreviousJobId: %1 cannot be resumed: %2.</source>
        <translation>resumePreviousJobId: %1 kann nicht fortgesetzt werden: %2.</translation>
    </message>
    <message>
        <source>Resuming the study of %1: %2 of its %3 trials are observations; this job&apos;s trials are numbered from %4.</source>
        <translation>Die Studie von %1 wird fortgesetzt: %2 ihrer %3 Versuche sind Beobachtungen; die Versuche dieses Jobs werden ab %4 nummeriert.</translation>
    </message>
    <message>
        <source>Trial %1 (%2 of %3): %4</source>
        <translation>Versuch %1 (%2 von %3): %4</translation>
    </message>
    <message>
        <source>Trial %1 stopped early: its final metric is its last report, %2 = %3 at step %4.</source>
        <translation>Versuch %1 vorzeitig beendet: seine endgültige Metrik ist sein letzter Bericht, %2 = %3 bei Schritt %4.</translation>
    </message>
</context>
<context>
    <name>trainyard::gpu</name>
    <message>
        <source>NVML lists more than %1 compute processes; not all of them are read.</source>
        <translation>NVML listet mehr als %1 Rechenprozesse; nicht alle werden gelesen.</translation>
    </message>
    <message>
        <source>GPU %1 reported a utilization of %2 %, which cannot be; readings out of range are left out.</source>
        <translation>GPU %1 meldete eine Auslastung von %2 %, was nicht sein kann; Messwerte außerhalb des Bereichs werden ausgelassen.</translation>
    </message>
    <message>
        <source>GPU %1 reported %2 bytes of memory, which cannot be; readings out of range are left out.</source>
        <translation>GPU %1 meldete %2 Byte Speicher, was nicht sein kann; Messwerte außerhalb des Bereichs werden ausgelassen.</translation>
    </message>
    <message>
        <source>GPU %1 reported %2 bytes of memory in use, more than it has; readings out of range are left out.</source>
        <translation>GPU %1 meldete %2 Byte belegten Speicher, mehr als sie hat; Messwerte außerhalb des Bereichs werden ausgelassen.</translation>
    </message>
    <message>
        <source>GPU %1 reported a power draw of %2 W, which cannot be; readings out of range are left out.</source>
        <translation>GPU %1 meldete eine Leistungsaufnahme von %2 W, was nicht sein kann; Messwerte außerhalb des Bereichs werden ausgelassen.</translation>
    </message>
    <message>
        <source>GPU %1 reported a temperature of %2 °C, which cannot be; readings out of range are left out.</source>
        <translation>GPU %1 meldete eine Temperatur von %2 °C, was nicht sein kann; Messwerte außerhalb des Bereichs werden ausgelassen.</translation>
    </message>
    <message>
        <source>NVML reports %1 GPUs; the first %2 are used.</source>
        <translation>NVML meldet %1 GPUs; die ersten %2 werden verwendet.</translation>
    </message>
    <message>
        <source>NVML listed compute processes with an impossible GPU, pid or memory; they are left out.</source>
        <translation>NVML listete Rechenprozesse mit einer unmöglichen GPU, PID oder Speichermenge; sie werden ausgelassen.</translation>
    </message>
</context>
<context>
    <name>trainyard::gpu::GpuSampler</name>
    <message>
        <source>the GPU helper %1 cannot be started</source>
        <translation>das GPU-Hilfsprogramm %1 kann nicht gestartet werden</translation>
    </message>
    <message>
        <source>the GPU helper cannot be started: %1</source>
        <translation>das GPU-Hilfsprogramm kann nicht gestartet werden: %1</translation>
    </message>
    <message>
        <source>killed by signal %1, %2</source>
        <translation>durch Signal %1 beendet, %2</translation>
    </message>
    <message>
        <source>it could not be started</source>
        <translation>es konnte nicht gestartet werden</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>Exit-Code %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>The GPU helper stopped: %1; it starts again in %2 s.</source>
        <translation>Das GPU-Hilfsprogramm hat angehalten: %1; es startet in %2 s erneut.</translation>
    </message>
    <message>
        <source>stopped before NVML answered</source>
        <translation>angehalten, bevor NVML antwortete</translation>
    </message>
    <message>
        <source>no NVIDIA driver (no /proc/driver/nvidia, /dev/nvidiactl or /dev/dxg)</source>
        <translation>kein NVIDIA-Treiber (kein /proc/driver/nvidia, /dev/nvidiactl oder /dev/dxg)</translation>
    </message>
    <message>
        <source>NVML did not answer at %1; it is asked again after %2</source>
        <translation>NVML antwortete um %1 nicht; es wird nach %2 erneut gefragt</translation>
    </message>
    <message>
        <source>its answer is not a list of GPUs</source>
        <translation>seine Antwort ist keine Liste von GPUs</translation>
    </message>
    <message>
        <source>NVML did not list the GPUs within %1 s</source>
        <translation>NVML hat die GPUs nicht innerhalb von %1 s aufgelistet</translation>
    </message>
    <message>
        <source>it ended before it listed the GPUs</source>
        <translation>es endete, bevor es die GPUs aufgelistet hatte</translation>
    </message>
    <message>
        <source>its answer is too long</source>
        <translation>seine Antwort ist zu lang</translation>
    </message>
    <message>
        <source>it ended between readings</source>
        <translation>es endete zwischen zwei Messungen</translation>
    </message>
    <message>
        <source>its answer is not a reading</source>
        <translation>seine Antwort ist kein Messwert</translation>
    </message>
    <message>
        <source>a reading did not come within %1 s</source>
        <translation>ein Messwert kam nicht innerhalb von %1 s</translation>
    </message>
    <message>
        <source>it ended in a reading</source>
        <translation>es endete während einer Messung</translation>
    </message>
</context>
<context>
    <name>trainyard::jobactions</name>
    <message>
        <source>The config of %1 cannot be read.</source>
        <translation>Die Konfiguration von %1 kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>%1 is still running; cancel it first.</source>
        <translation>%1 läuft noch; brechen Sie den Job zuerst ab.</translation>
    </message>
    <message>
        <source>The job %1 has already ended: %2.</source>
        <translation>Der Job %1 ist bereits beendet: %2.</translation>
    </message>
    <message>
        <source>The job&apos;s cluster has no replica %1.</source>
        <translation>Der Cluster des Jobs hat kein Replikat %1.</translation>
    </message>
    <message>
        <source>The package directory %1 does not exist on this machine.</source>
        <translation>Das Paketverzeichnis %1 existiert auf diesem Rechner nicht.</translation>
    </message>
</context>
<context>
    <name>trainyard::jobactions::JobActions</name>
    <message>
        <source>The job ID &quot;%1&quot; cannot name a folder in the job store.</source>
        <translation>Die Job-ID „%1“ kann keinen Ordner im Jobspeicher benennen.</translation>
    </message>
    <message>
        <source>There is already a job %1.</source>
        <translation>Es gibt bereits einen Job %1.</translation>
    </message>
    <message>
        <source>This program cannot reach the cloud: the cloud job %1 was not cancelled.</source>
        <translation>Dieses Programm erreicht die Cloud nicht: Der Cloud-Job %1 wurde nicht abgebrochen.</translation>
    </message>
</context>
<context>
    <name>trainyard::logs</name>
    <message>
        <source>Cannot open the log file %1: %2</source>
        <translation>Die Logdatei %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Cannot write the log file %1: %2</source>
        <translation>Die Logdatei %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>[trainyard] log capture stopped here: %1</source>
        <translation>[trainyard] Log-Aufzeichnung hier angehalten: %1</translation>
    </message>
    <message>
        <source>Cannot drop the oldest part of the log file %1: %2</source>
        <translation>Der älteste Teil der Logdatei %1 kann nicht verworfen werden: %2</translation>
    </message>
</context>
<context>
    <name>trainyard::logs::LogSearch</name>
    <message>
        <source>The pattern is not valid at character %1: %2</source>
        <translation>Das Muster ist an Zeichen %1 ungültig: %2</translation>
    </message>
    <message>
        <source>Cannot read the log file %1: %2</source>
        <translation>Die Logdatei %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Cannot map the log file %1: %2</source>
        <translation>Die Logdatei %1 kann nicht eingeblendet werden: %2</translation>
    </message>
</context>
<context>
    <name>trainyard::metrics</name>
    <message>
        <source>The pattern is not valid: %1</source>
        <translation>Das Muster ist ungültig: %1</translation>
    </message>
    <message>
        <source>The pattern has no named group for a metric, e.g. (?&lt;loss&gt;[0-9.]+).</source>
        <translation>Das Muster hat keine benannte Gruppe für eine Metrik, z. B. (?&lt;loss&gt;[0-9.]+).</translation>
    </message>
    <message>
        <source>%1 (TensorBoard)</source>
        <translation>%1 (TensorBoard)</translation>
    </message>
    <message>
        <source>Cannot create the metric store %1</source>
        <translation>Der Metrikspeicher %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>The metric store %1 is being written by another process</source>
        <translation>Der Metrikspeicher %1 wird von einem anderen Prozess geschrieben</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>not a metric series file (no TYSERIES header)</source>
        <translation>keine Metrik-Seriendatei (kein TYSERIES-Kopf)</translation>
    </message>
    <message>
        <source>series format version %1, this version reads %2</source>
        <translation>Serienformat Version %1, diese Version liest %2</translation>
    </message>
    <message>
        <source>damaged header</source>
        <translation>beschädigter Kopf</translation>
    </message>
    <message>
        <source>%1 (hypertune)</source>
        <translation>%1 (hypertune)</translation>
    </message>
    <message numerus="yes">
        <source>%1 printed %n line(s) that look like metrics, but no series came from them, e.g.: %2</source>
        <translation>
            <numerusform>%1 hat %n Zeile ausgegeben, die wie Metriken aussieht, aber keine Reihe ergab, z. B.: %2</numerusform>
            <numerusform>%1 hat %n Zeilen ausgegeben, die wie Metriken aussehen, aber keine Reihe ergaben, z. B.: %2</numerusform>
        </translation>
    </message>
    <message>
        <source>A pattern for Settings &gt; Metrics that reads it: %1</source>
        <translation>Ein Muster für Einstellungen &gt; Metriken, das sie liest: %1</translation>
    </message>
</context>
<context>
    <name>trainyard::metrics::CsvWriter</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>trainyard::metrics::SeriesWriter</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>holds another series (%1 %2)</source>
        <translation>enthält eine andere Serie (%1 %2)</translation>
    </message>
</context>
<context>
    <name>trainyard::secrets</name>
    <message>
        <source>Internal error: the keychain needs a running application object.</source>
        <translation>Interner Fehler: Der Schlüsselbund braucht ein laufendes Anwendungsobjekt.</translation>
    </message>
    <message>
        <source>Internal error: blocking keychain access on the GUI thread.</source>
        <translation>Interner Fehler: blockierender Zugriff auf den Schlüsselbund im GUI-Thread.</translation>
    </message>
    <message>
        <source>The secret &quot;%1&quot; (for %2) is not in the keychain.</source>
        <translation>Das Geheimnis &quot;%1&quot; (für %2) ist nicht im Schlüsselbund.</translation>
    </message>
    <message>
        <source>The secret name &quot;%1&quot; (for %2) is not valid. %3</source>
        <translation>Der Name &quot;%1&quot; des Geheimnisses (für %2) ist ungültig. %3</translation>
    </message>
    <message>
        <source>The secret &quot;%1&quot; (for %2) cannot be read from the keychain: %3</source>
        <translation>Das Geheimnis &quot;%1&quot; (für %2) kann nicht aus dem Schlüsselbund gelesen werden: %3</translation>
    </message>
    <message>
        <source>there is no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set)</source>
        <translation>es gibt keinen D-Bus-Sitzungsbus (DBUS_SESSION_BUS_ADDRESS ist nicht gesetzt)</translation>
    </message>
    <message>
        <source>the D-Bus session bus %1 cannot be reached</source>
        <translation>der D-Bus-Sitzungsbus %1 ist nicht erreichbar</translation>
    </message>
    <message>
        <source>No secret service is running in this desktop session, so the keychain cannot be reached. Start one (GNOME Keyring, KWallet or KeePassXC with its Secret Service option; on Debian: apt install gnome-keyring, then log in again) and try again.</source>
        <translation>In dieser Desktop-Sitzung läuft kein Secret Service, daher ist der Schlüsselbund nicht erreichbar. Starten Sie einen (GNOME Keyring, KWallet oder KeePassXC mit der Option Secret Service; unter Debian: apt install gnome-keyring, dann neu anmelden) und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The keyring is locked, or no default keyring has been set up yet. Unlock it or create one (GNOME: the Passwords and Keys application, Seahorse; KDE: KWallet Manager), then try again.</source>
        <translation>Der Schlüsselbund ist gesperrt, oder es wurde noch kein Standard-Schlüsselbund eingerichtet. Entsperren Sie ihn oder legen Sie einen an (GNOME: die Anwendung Passwörter und Schlüssel, Seahorse; KDE: KWallet-Verwaltung) und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>The keyring was not unlocked: its password prompt was cancelled or access was refused. Try again and unlock the keyring when asked.</source>
        <translation>Der Schlüsselbund wurde nicht entsperrt: Die Passwortabfrage wurde abgebrochen oder der Zugriff verweigert. Versuchen Sie es erneut und entsperren Sie den Schlüsselbund, wenn Sie gefragt werden.</translation>
    </message>
    <message>
        <source>The secret service refused access. Check that it lets Trainyard use the keyring (some password managers ask to confirm each application), then try again.</source>
        <translation>Der Secret Service hat den Zugriff verweigert. Prüfen Sie, ob er Trainyard den Schlüsselbund nutzen lässt (manche Passwortmanager lassen jede Anwendung bestätigen), und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>The secret service did not answer in time; it may be waiting for a prompt that cannot be shown. Unlock the keyring in your desktop session, then try again.</source>
        <translation>Der Secret Service hat nicht rechtzeitig geantwortet; vielleicht wartet er auf eine Abfrage, die nicht angezeigt werden kann. Entsperren Sie den Schlüsselbund in Ihrer Desktop-Sitzung und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>This system has no keychain Trainyard can use. Install and start a secret service (GNOME Keyring, KWallet or KeePassXC), then try again.</source>
        <translation>Dieses System hat keinen Schlüsselbund, den Trainyard nutzen kann. Installieren und starten Sie einen Secret Service (GNOME Keyring, KWallet oder KeePassXC) und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>The keychain reported error %1.</source>
        <translation>Der Schlüsselbund meldete den Fehler %1.</translation>
    </message>
    <message>
        <source>The keychain reported an error: %1</source>
        <translation>Der Schlüsselbund meldete einen Fehler: %1</translation>
    </message>
</context>
<context>
    <name>trainyard::secrets::SecretStore</name>
    <message>
        <source>The secret &quot;%1&quot; is not in the keychain.</source>
        <translation>Das Geheimnis &quot;%1&quot; ist nicht im Schlüsselbund.</translation>
    </message>
    <message>
        <source>A secret&apos;s name has 1 to 64 characters: letters A-Z and a-z, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;.</source>
        <translation>Der Name eines Geheimnisses hat 1 bis 64 Zeichen: Buchstaben A-Z und a-z, Ziffern, &apos;.&apos;, &apos;_&apos; und &apos;-&apos;.</translation>
    </message>
    <message>
        <source>The value of the secret &quot;%1&quot; is shorter than %2 bytes: it is stored, but it will not be masked in logs.</source>
        <translation>Der Wert des Geheimnisses &quot;%1&quot; ist kürzer als %2 Byte: Er wird gespeichert, in Logs aber nicht maskiert.</translation>
    </message>
    <message>
        <source>The list of secret names %1 cannot be written: %2</source>
        <translation>Die Liste der Geheimnisnamen %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>The secret &quot;%1&quot; needs a value.</source>
        <translation>Das Geheimnis &quot;%1&quot; braucht einen Wert.</translation>
    </message>
    <message>
        <source>A secret named &quot;%1&quot; already exists.</source>
        <translation>Ein Geheimnis namens &quot;%1&quot; existiert bereits.</translation>
    </message>
</context>
<context>
    <name>trainyard::service</name>
    <message>
        <source>The job has no scale tier (trainingInput.scaleTier).</source>
        <translation>Der Job hat keine Skalierungsstufe (trainingInput.scaleTier).</translation>
    </message>
    <message>
        <source>The scale tier %1 is not in the catalog; its local shape is unknown.</source>
        <translation>Die Skalierungsstufe %1 ist nicht im Katalog; ihre lokale Form ist unbekannt.</translation>
    </message>
    <message>
        <source>trainingInput.%1 is %2; a local run takes 0 to %3.</source>
        <translation>trainingInput.%1 ist %2; ein lokaler Lauf erlaubt 0 bis %3.</translation>
    </message>
    <message>
        <source>%1 asks for %2 replicas; the local replica cap of %3 runs %4: 1 primary, %5 workers (of %6), %7 parameter servers (of %8), %9 evaluators (of %10).</source>
        <translation>%1 verlangt %2 Replikate; die lokale Obergrenze von %3 Replikaten führt %4 aus: 1 primäres, %5 Worker (von %6), %7 Parameterserver (von %8), %9 Evaluatoren (von %10).</translation>
    </message>
    <message>
        <source>the parameter %1 is DOUBLE, which GRID_SEARCH cannot walk</source>
        <translation>der Parameter %1 ist DOUBLE, was GRID_SEARCH nicht durchlaufen kann</translation>
    </message>
    <message>
        <source>the parameter %1 needs minValue &lt;= maxValue</source>
        <translation>der Parameter %1 braucht minValue &lt;= maxValue</translation>
    </message>
    <message>
        <source>the parameter %1 has a log scale but a range that is not positive</source>
        <translation>der Parameter %1 hat eine logarithmische Skala, aber keinen positiven Wertebereich</translation>
    </message>
    <message>
        <source>the parameter %1 has no categoricalValues</source>
        <translation>der Parameter %1 hat keine categoricalValues</translation>
    </message>
    <message>
        <source>the parameter %1 has no discreteValues</source>
        <translation>der Parameter %1 hat keine discreteValues</translation>
    </message>
    <message>
        <source>the parameter %1 has the unknown type &apos;%2&apos;</source>
        <translation>der Parameter %1 hat den unbekannten Typ &apos;%2&apos;</translation>
    </message>
    <message>
        <source>The hyperparameter spec has no parameters.</source>
        <translation>Die Hyperparameter-Angaben enthalten keine Parameter.</translation>
    </message>
    <message>
        <source>The trials cannot be planned: %1.</source>
        <translation>Die Versuche können nicht geplant werden: %1.</translation>
    </message>
    <message>
        <source>%1 of %2 trials run locally (--max-local-trials).</source>
        <translation>%1 von %2 Versuchen laufen lokal (--max-local-trials).</translation>
    </message>
    <message>
        <source>The trials cannot be planned: the grid has no point.</source>
        <translation>Die Versuche können nicht geplant werden: Das Raster hat keinen Punkt.</translation>
    </message>
    <message>
        <source>The grid has only %1 points: %1 trials run.</source>
        <translation>Das Raster hat nur %1 Punkte: %1 Versuche laufen.</translation>
    </message>
    <message numerus="yes">
        <source>The values come from Bayesian optimisation, as on the service: a Gaussian process over the ended trials, with UCB in a trust region (Vizier&apos;s GP bandit), after %n seed trial(s).</source>
        <translation>
            <numerusform>Die Werte kommen aus Bayes&apos;scher Optimierung, wie beim Dienst: ein Gaußprozess über die beendeten Versuche, mit UCB in einer Vertrauensregion (Viziers GP-Bandit), nach %n Startversuch.</numerusform>
            <numerusform>Die Werte kommen aus Bayes&apos;scher Optimierung, wie beim Dienst: ein Gaußprozess über die beendeten Versuche, mit UCB in einer Vertrauensregion (Viziers GP-Bandit), nach %n Startversuchen.</numerusform>
        </translation>
    </message>
    <message>
        <source>The grid has %1 points the previous job did not try: %1 trials run.</source>
        <translation>Das Raster hat %1 Punkte, die der vorige Job nicht versucht hat: %1 Versuche laufen.</translation>
    </message>
    <message>
        <source>The trials cannot be planned: the previous job tried every point of the grid.</source>
        <translation>Die Versuche können nicht geplant werden: der vorige Job hat jeden Punkt des Rasters versucht.</translation>
    </message>
    <message numerus="yes">
        <source>%n trial(s) failed, as many as maxFailedTrials allows.</source>
        <translation>
            <numerusform>%n Versuch ist fehlgeschlagen, so viele, wie maxFailedTrials erlaubt.</numerusform>
            <numerusform>%n Versuche sind fehlgeschlagen, so viele, wie maxFailedTrials erlaubt.</numerusform>
        </translation>
    </message>
    <message>
        <source>The first trial failed, which ends the job at once when maxFailedTrials is not set, as on the service.</source>
        <translation>Der erste Versuch ist fehlgeschlagen; ohne maxFailedTrials beendet das den Job sofort, wie beim Dienst.</translation>
    </message>
    <message numerus="yes">
        <source>%n trial(s) failed (without maxFailedTrials the job ends at %1 failed trials locally).</source>
        <translation>
            <numerusform>%n Versuch ist fehlgeschlagen (ohne maxFailedTrials endet der Job lokal bei %1 fehlgeschlagenen Versuchen).</numerusform>
            <numerusform>%n Versuche sind fehlgeschlagen (ohne maxFailedTrials endet der Job lokal bei %1 fehlgeschlagenen Versuchen).</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 trials failed and %2 succeeded (without maxFailedTrials the job ends locally once more than %3 times as many trials failed as succeeded, at least %4).</source>
        <translation>%1 Versuche sind fehlgeschlagen und %2 erfolgreich (ohne maxFailedTrials endet der Job lokal, sobald mehr als %3-mal so viele Versuche fehlgeschlagen wie erfolgreich sind, mindestens %4).</translation>
    </message>
    <message>
        <source>the centre of the search space (the first seed trial)</source>
        <translation>die Mitte des Suchraums (der erste Startversuch)</translation>
    </message>
    <message>
        <source>a random seed trial (%1 of %2 trials end before the Gaussian process takes over)</source>
        <translation>ein zufälliger Startversuch (%1 von %2 Versuchen enden, bevor der Gaußprozess übernimmt)</translation>
    </message>
    <message>
        <source>UCB %1 (predicted %2 ± %3 in warped units) after %4 trials</source>
        <translation>UCB %1 (vorhergesagt %2 ± %3 in transformierten Einheiten) nach %4 Versuchen</translation>
    </message>
    <message>
        <source>the best candidate again: every value nearby has been tried</source>
        <translation>wieder der beste Kandidat: jeder Wert in der Nähe wurde versucht</translation>
    </message>
</context>
<context>
    <name>trainyard::service::tuning</name>
    <message>
        <source>goal: %1 here, %2 in the previous job</source>
        <translation>goal: %1 hier, %2 im vorigen Job</translation>
    </message>
    <message>
        <source>hyperparameterMetricTag: %1 here, %2 in the previous job</source>
        <translation>hyperparameterMetricTag: %1 hier, %2 im vorigen Job</translation>
    </message>
    <message>
        <source>parameter %1: not in the previous job</source>
        <translation>Parameter %1: nicht im vorigen Job</translation>
    </message>
    <message>
        <source>parameter %1: %2 here, %3 in the previous job</source>
        <translation>Parameter %1: %2 hier, %3 im vorigen Job</translation>
    </message>
    <message>
        <source>parameter %1: only in the previous job</source>
        <translation>Parameter %1: nur im vorigen Job</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::CloudPage</name>
    <message>
        <source>Look &amp;again</source>
        <translation>&amp;Erneut suchen</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>Verbindung &amp;testen</translation>
    </message>
    <message>
        <source>Jobs submitted to Vertex AI use Application Default Credentials, found as Google&apos;s own tools find them: the key file named by GOOGLE_APPLICATION_CREDENTIALS, else the file that gcloud writes.</source>
        <translation>An Vertex AI übermittelte Jobs verwenden Application Default Credentials, gesucht wie Googles eigene Werkzeuge sie suchen: die Schlüsseldatei aus GOOGLE_APPLICATION_CREDENTIALS, sonst die Datei, die gcloud schreibt.</translation>
    </message>
    <message>
        <source>Credentials</source>
        <translation>Anmeldedaten</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projekt</translation>
    </message>
    <message>
        <source>e.g. my-project</source>
        <translation>z. B. my-project</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <source>Vertex AI</source>
        <translation>Vertex AI</translation>
    </message>
    <message>
        <source>&amp;Project:</source>
        <translation>&amp;Projekt:</translation>
    </message>
    <message>
        <source>&amp;Region:</source>
        <translation>&amp;Region:</translation>
    </message>
    <message>
        <source>Found: %1</source>
        <translation>Gefunden: %1</translation>
    </message>
    <message>
        <source>Type: %1</source>
        <translation>Typ: %1</translation>
    </message>
    <message>
        <source>Account: %1</source>
        <translation>Konto: %1</translation>
    </message>
    <message>
        <source>Project of the credentials: %1</source>
        <translation>Projekt der Anmeldedaten: %1</translation>
    </message>
    <message>
        <source>Listing the custom jobs of %1…</source>
        <translation>Die Custom Jobs von %1 werden aufgelistet…</translation>
    </message>
    <message numerus="yes">
        <source>Connected: %n custom job(s) in %1.</source>
        <translation>
            <numerusform>Verbunden: %n Custom Job in %1.</numerusform>
            <numerusform>Verbunden: %n Custom Jobs in %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Connection failed: %1</source>
        <translation>Verbindung fehlgeschlagen: %1</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::LocalRunsPage</name>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>Restore &amp;defaults</source>
        <translation>Standard&amp;werte wiederherstellen</translation>
    </message>
    <message>
        <source>Defaults for jobs run on this machine, from the job wizard or the command line (whose flags override them). A job keeps the settings it was started with.</source>
        <translation>Standardwerte für Jobs, die auf diesem Rechner laufen, aus dem Job-Assistenten oder von der Befehlszeile (deren Flags sie überschreiben). Ein Job behält die Einstellungen, mit denen er gestartet wurde.</translation>
    </message>
    <message>
        <source>$TRAINYARD_PYTHON or python3</source>
        <translation>$TRAINYARD_PYTHON oder python3</translation>
    </message>
    <message>
        <source>Browse for a Python interpreter</source>
        <translation>Nach einem Python-Interpreter suchen</translation>
    </message>
    <message>
        <source>Interpreter check</source>
        <translation>Prüfung des Interpreters</translation>
    </message>
    <message>
        <source>Interpreter version</source>
        <translation>Version des Interpreters</translation>
    </message>
    <message>
        <source>Python &amp;interpreter:</source>
        <translation>Python-&amp;Interpreter:</translation>
    </message>
    <message>
        <source>Python interpreter</source>
        <translation>Python-Interpreter</translation>
    </message>
    <message>
        <source>Max &amp;restarts per replica:</source>
        <translation>Max. &amp;Neustarts pro Replikat:</translation>
    </message>
    <message>
        <source>Max restarts per replica</source>
        <translation>Max. Neustarts pro Replikat</translation>
    </message>
    <message>
        <source>A replica that fails is started again up to this many times before the job fails, as the cloud service does (5).</source>
        <translation>Ein fehlschlagendes Replikat wird bis zu so oft neu gestartet, bevor der Job fehlschlägt, wie es der Cloud-Dienst tut (5).</translation>
    </message>
    <message>
        <source>&amp;Whole-job reruns:</source>
        <translation>Erneute Läufe des ganzen &amp;Jobs:</translation>
    </message>
    <message>
        <source>Whole-job reruns</source>
        <translation>Erneute Läufe des ganzen Jobs</translation>
    </message>
    <message>
        <source>When a replica has used up its restarts, the whole job starts over, up to this many times. 0 suits this machine; the cloud service reruns a job 3 times, so set 3 to mimic it.</source>
        <translation>Hat ein Replikat seine Neustarts aufgebraucht, beginnt der ganze Job von vorn, bis zu so oft. 0 passt für diesen Rechner; der Cloud-Dienst führt einen Job 3-mal erneut aus, setzen Sie also 3, um ihn nachzubilden.</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>&amp;Grace period:</source>
        <translation>&amp;Schonfrist:</translation>
    </message>
    <message>
        <source>Grace period in seconds</source>
        <translation>Schonfrist in Sekunden</translation>
    </message>
    <message>
        <source>Replicas that are stopped get SIGTERM and this long to exit before SIGKILL.</source>
        <translation>Replikate, die gestoppt werden, erhalten SIGTERM und so lange Zeit zum Beenden, bevor SIGKILL folgt.</translation>
    </message>
    <message>
        <source>No cap</source>
        <translation>Keine Obergrenze</translation>
    </message>
    <message>
        <source>Local replica &amp;cap:</source>
        <translation>Lokale Replikat-&amp;Obergrenze:</translation>
    </message>
    <message>
        <source>Local replica cap</source>
        <translation>Lokale Replikat-Obergrenze</translation>
    </message>
    <message>
        <source>A job that asks for more processes runs a smaller cluster: workers and parameter servers go first, then evaluators; the primary always runs. TF_CONFIG describes the smaller cluster.</source>
        <translation>Ein Job, der mehr Prozesse verlangt, läuft mit einem kleineren Cluster: Zuerst entfallen Worker und Parameterserver, dann Evaluatoren; das primäre Replikat läuft immer. TF_CONFIG beschreibt den kleineren Cluster.</translation>
    </message>
    <message>
        <source>Start &amp;port:</source>
        <translation>Start&amp;port:</translation>
    </message>
    <message>
        <source>Start port</source>
        <translation>Startport</translation>
    </message>
    <message>
        <source>Replicas listen on localhost ports from this one up; taken ports are skipped. gcloud starts at %1.</source>
        <translation>Replikate lauschen auf localhost-Ports ab diesem aufwärts; belegte Ports werden übersprungen. gcloud beginnt bei %1.</translation>
    </message>
    <message>
        <source>Choose a Python Interpreter</source>
        <translation>Python-Interpreter auswählen</translation>
    </message>
    <message>
        <source>Empty: new runs use python3, as $TRAINYARD_PYTHON is not set.</source>
        <translation>Leer: Neue Läufe verwenden python3, da $TRAINYARD_PYTHON nicht gesetzt ist.</translation>
    </message>
    <message>
        <source>Empty: new runs use $TRAINYARD_PYTHON, which is %1.</source>
        <translation>Leer: Neue Läufe verwenden $TRAINYARD_PYTHON, also %1.</translation>
    </message>
    <message>
        <source>Give a program name to look up on PATH or an absolute path. This text is not saved; new runs use $TRAINYARD_PYTHON or python3.</source>
        <translation>Geben Sie einen Programmnamen an, der in PATH gesucht wird, oder einen absoluten Pfad. Dieser Text wird nicht gespeichert; neue Läufe verwenden $TRAINYARD_PYTHON oder python3.</translation>
    </message>
    <message>
        <source>Found: %1</source>
        <translation>Gefunden: %1</translation>
    </message>
    <message>
        <source>Not found: %1 does not exist.</source>
        <translation>Nicht gefunden: %1 existiert nicht.</translation>
    </message>
    <message>
        <source>Not usable: %1 is not an executable file.</source>
        <translation>Nicht verwendbar: %1 ist keine ausführbare Datei.</translation>
    </message>
    <message>
        <source>Not found: there is no %1 on PATH.</source>
        <translation>Nicht gefunden: In PATH gibt es kein %1.</translation>
    </message>
    <message>
        <source>Asking for its version…</source>
        <translation>Version wird abgefragt…</translation>
    </message>
    <message>
        <source>No answer to --version within %1 seconds.</source>
        <translation>Keine Antwort auf --version innerhalb von %1 Sekunden.</translation>
    </message>
    <message>
        <source>It did not tell its version (--version failed).</source>
        <translation>Keine Versionsangabe (--version ist fehlgeschlagen).</translation>
    </message>
    <message>
        <source>It could not be started: %1</source>
        <translation>Start nicht möglich: %1</translation>
    </message>
    <message>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <source>&amp;Log size cap per replica:</source>
        <translation>&amp;Log-Größenlimit pro Replikat:</translation>
    </message>
    <message>
        <source>Log size cap per replica in MB</source>
        <translation>Log-Größenlimit pro Replikat in MB</translation>
    </message>
    <message>
        <source>Past this size the oldest half of a replica&apos;s log is dropped and the log view says so. Off by default.</source>
        <translation>Über dieser Größe wird die ältere Hälfte des Logs eines Replikats verworfen, und die Logansicht weist darauf hin. Standardmäßig aus.</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::MainWindow</name>
    <message>
        <source>Trainyard</source>
        <translation>Trainyard</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Trainyard</source>
        <translation>Ü&amp;ber Trainyard</translation>
    </message>
    <message>
        <source>The service catalog could not be loaded: %1</source>
        <translation>Der Dienstkatalog konnte nicht geladen werden: %1</translation>
    </message>
    <message>
        <source>About Trainyard</source>
        <translation>Über Trainyard</translation>
    </message>
    <message>
        <source>Trainyard %1

Configure training jobs for Google Cloud AI Platform Training and Vertex AI custom jobs, check them against the service&apos;s rules, and dry-run them on this machine.</source>
        <translation>Trainyard %1

Trainingsjobs für Google Cloud AI Platform Training und benutzerdefinierte Jobs in Vertex AI konfigurieren, gegen die Regeln des Dienstes prüfen und probeweise auf diesem Rechner ausführen.</translation>
    </message>
    <message>
        <source>&amp;New job…</source>
        <translation>&amp;Neuer Job…</translation>
    </message>
    <message>
        <source>&amp;Open config…</source>
        <translation>Konfiguration ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>The job wizard needs the service catalog, which could not be loaded.</source>
        <translation>Der Job-Assistent braucht den Dienstkatalog, der nicht geladen werden konnte.</translation>
    </message>
    <message>
        <source>Open config</source>
        <translation>Konfiguration öffnen</translation>
    </message>
    <message>
        <source>Job configs (*.yaml *.yml *.json);;All files (*)</source>
        <translation>Jobkonfigurationen (*.yaml *.yml *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Job %1 started on this machine; its files are in %2</source>
        <translation>Job %1 wurde auf diesem Rechner gestartet; seine Dateien liegen in %2</translation>
    </message>
    <message>
        <source>&amp;Job</source>
        <translation>&amp;Job</translation>
    </message>
    <message>
        <source>Job %1 ended: %2</source>
        <translation>Job %1 beendet: %2</translation>
    </message>
    <message>
        <source>&amp;Paste gcloud command…</source>
        <translation>gcloud-Befehl &amp;einfügen…</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::MetricPatternModel</name>
    <message>
        <source>Empty: type a pattern. Empty patterns are not saved.</source>
        <translation>Leer: Geben Sie ein Muster ein. Leere Muster werden nicht gespeichert.</translation>
    </message>
    <message>
        <source>Usable: finds %1 and the step.</source>
        <extracomment>%1: the metric names of the pattern&apos;s named groups, e.g. &quot;eval_auc, eval_loss&quot;</extracomment>
        <translation>Verwendbar: findet %1 und den Schritt.</translation>
    </message>
    <message>
        <source>Usable: finds %1.</source>
        <extracomment>%1: the metric names of the pattern&apos;s named groups, e.g. &quot;eval_auc, eval_loss&quot;</extracomment>
        <translation>Verwendbar: findet %1.</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>Muster</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::MetricPatternsPage</name>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Move &amp;Up</source>
        <translation>Nach &amp;oben</translation>
    </message>
    <message>
        <source>Move &amp;Down</source>
        <translation>Nach u&amp;nten</translation>
    </message>
    <message>
        <source>Your own regular expressions for metrics that key=value pairs, Keras progress lines and the hypertune file do not catch. Each named group that matches a number becomes a metric of that name; a group named step gives the x position.</source>
        <translation>Eigene reguläre Ausdrücke für Metriken, die key=value-Paare, Keras-Fortschrittszeilen und die Metrikdatei von hypertune nicht erfassen. Jede benannte Gruppe, die auf eine Zahl passt, wird zu einer Metrik dieses Namens; eine Gruppe namens step liefert die x-Position.</translation>
    </message>
    <message>
        <source>Example:</source>
        <translation>Beispiel:</translation>
    </message>
    <message>
        <source>Example pattern</source>
        <translation>Beispielmuster</translation>
    </message>
    <message>
        <source>Add E&amp;xample</source>
        <translation>&amp;Beispiel hinzufügen</translation>
    </message>
    <message>
        <source>Adds the example pattern to the list</source>
        <translation>Fügt das Beispielmuster der Liste hinzu</translation>
    </message>
    <message>
        <source>&amp;Patterns, applied in this order (when two find the same metric, the lower one wins):</source>
        <translation>Mus&amp;ter, in dieser Reihenfolge angewandt (finden zwei dieselbe Metrik, gilt das untere):</translation>
    </message>
    <message>
        <source>Metric patterns</source>
        <translation>Metrikmuster</translation>
    </message>
    <message>
        <source>One regular expression per row, with whether it is usable and why not. F2 edits the selected pattern, Delete removes it.</source>
        <translation>Ein regulärer Ausdruck pro Zeile, mit der Angabe, ob er verwendbar ist und warum nicht. F2 bearbeitet das ausgewählte Muster, Entf entfernt es.</translation>
    </message>
    <message>
        <source>Remove Pattern</source>
        <translation>Muster entfernen</translation>
    </message>
    <message>
        <source>Adds an empty pattern to type into</source>
        <translation>Fügt ein leeres Muster zum Eintippen hinzu</translation>
    </message>
    <message>
        <source>Selected pattern</source>
        <translation>Ausgewähltes Muster</translation>
    </message>
    <message>
        <source>S&amp;elected pattern:</source>
        <translation>Ausge&amp;wähltes Muster:</translation>
    </message>
    <message>
        <source>Paste a line of a trainer&apos;s log</source>
        <translation>Eine Zeile aus dem Log eines Trainers einfügen</translation>
    </message>
    <message>
        <source>Sample log line</source>
        <translation>Beispiel-Logzeile</translation>
    </message>
    <message>
        <source>The metrics that key=value pairs, Keras progress and your usable patterns find in this line are shown below it.</source>
        <translation>Die Metriken, die key=value-Paare, Keras-Fortschritt und Ihre verwendbaren Muster in dieser Zeile finden, werden darunter angezeigt.</translation>
    </message>
    <message>
        <source>Metrics found in the sample line</source>
        <translation>In der Beispielzeile gefundene Metriken</translation>
    </message>
    <message>
        <source>&amp;Try it on a log line:</source>
        <translation>An einer Logzeile &amp;ausprobieren:</translation>
    </message>
    <message>
        <source>e.g. %1</source>
        <translation>z. B. %1</translation>
    </message>
    <message>
        <source>Add a pattern to edit it here</source>
        <translation>Fügen Sie ein Muster hinzu, um es hier zu bearbeiten</translation>
    </message>
    <message>
        <source>Step: %1</source>
        <extracomment>%1: the step (x value) found in the sample log line</extracomment>
        <translation>Schritt: %1</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <extracomment>%1: a metric name as found in the log line, %2: its value</extracomment>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>No metrics in this line.</source>
        <translation>Keine Metriken in dieser Zeile.</translation>
    </message>
    <message>
        <source>No step in this line: its points go at the replica&apos;s last step.</source>
        <translation>Kein Schritt in dieser Zeile: Ihre Punkte kommen an den letzten Schritt des Replikats.</translation>
    </message>
    <message>
        <source>The metrics found in the line appear here.</source>
        <translation>Die in der Zeile gefundenen Metriken erscheinen hier.</translation>
    </message>
    <message>
        <source>Your patterns that match: %1</source>
        <extracomment>%1: the numbers of the list rows whose pattern matches, e.g. &quot;1, 3&quot;</extracomment>
        <translation>Ihre passenden Muster: %1</translation>
    </message>
    <message>
        <source>None of your usable patterns matches this line.</source>
        <translation>Keines Ihrer verwendbaren Muster passt auf diese Zeile.</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::SecretsPage</name>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Rename</source>
        <translation>&amp;Umbenennen</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen…</translation>
    </message>
    <message>
        <source>Secrets are kept in the system keychain, never in job files or logs. A job&apos;s local environment refers to one by name, for example HF_TOKEN: {secret: hf}. Log lines that contain a secret&apos;s value are stored with the value masked.</source>
        <translation>Geheimnisse werden im Schlüsselbund des Systems aufbewahrt, nie in Jobdateien oder Logs. Die lokale Umgebung eines Jobs verweist per Name auf eines, zum Beispiel HF_TOKEN: {secret: hf}. Logzeilen, die den Wert eines Geheimnisses enthalten, werden mit maskiertem Wert gespeichert.</translation>
    </message>
    <message>
        <source>Secret names</source>
        <translation>Namen der Geheimnisse</translation>
    </message>
    <message>
        <source>e.g. hf</source>
        <translation>z. B. hf</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Value:</source>
        <translation>&amp;Wert:</translation>
    </message>
    <message>
        <source>Adding replaces the value of the secret &quot;%1&quot;.</source>
        <translation>Hinzufügen ersetzt den Wert des Geheimnisses &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>The secret &quot;%1&quot; is stored in the keychain.</source>
        <translation>Das Geheimnis &quot;%1&quot; ist im Schlüsselbund gespeichert.</translation>
    </message>
    <message>
        <source>The secret &quot;%1&quot; could not be stored: %2</source>
        <translation>Das Geheimnis &quot;%1&quot; konnte nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>The secret &quot;%1&quot; is now &quot;%2&quot;.</source>
        <translation>Das Geheimnis &quot;%1&quot; heißt jetzt &quot;%2&quot;.</translation>
    </message>
    <message>
        <source>The secret &quot;%1&quot; could not be renamed to &quot;%2&quot;: %3</source>
        <translation>Das Geheimnis &quot;%1&quot; konnte nicht in &quot;%2&quot; umbenannt werden: %3</translation>
    </message>
    <message>
        <source>Delete Secret</source>
        <translation>Geheimnis löschen</translation>
    </message>
    <message>
        <source>Delete the secret &quot;%1&quot; from the keychain? Jobs that use it will not start until it is set again.</source>
        <translation>Das Geheimnis &quot;%1&quot; aus dem Schlüsselbund löschen? Jobs, die es verwenden, starten erst wieder, wenn es neu gesetzt ist.</translation>
    </message>
    <message>
        <source>The secret &quot;%1&quot; is deleted.</source>
        <translation>Das Geheimnis &quot;%1&quot; ist gelöscht.</translation>
    </message>
    <message>
        <source>The secret &quot;%1&quot; could not be deleted: %2</source>
        <translation>Das Geheimnis &quot;%1&quot; konnte nicht gelöscht werden: %2</translation>
    </message>
    <message>
        <source>This value is shorter than %1 bytes: it would be stored, but not masked in logs.</source>
        <translation>Dieser Wert ist kürzer als %1 Byte: Er würde gespeichert, in Logs aber nicht maskiert.</translation>
    </message>
    <message>
        <source>Keychain detail: %1</source>
        <translation>Angabe des Schlüsselbunds: %1</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>&amp;Secrets</source>
        <translation>&amp;Geheimnisse</translation>
    </message>
    <message>
        <source>&amp;Local runs</source>
        <translation>&amp;Lokale Läufe</translation>
    </message>
    <message>
        <source>&amp;Metrics</source>
        <translation>&amp;Metriken</translation>
    </message>
    <message>
        <source>&amp;Google Cloud</source>
        <translation>&amp;Google Cloud</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::ShortcutsDialog</name>
    <message>
        <source>Menus</source>
        <translation>Menüs</translation>
    </message>
    <message>
        <source>Job list and detail</source>
        <translation>Jobliste und Details</translation>
    </message>
    <message>
        <source>Go to the filter of the tab in front (the job filter, the log search)</source>
        <translation>Zum Filter des vorderen Reiters (Jobfilter, Logsuche)</translation>
    </message>
    <message>
        <source>Shift+F10, Menu</source>
        <translation>Umschalt+F10, Menü</translation>
    </message>
    <message>
        <source>The context menu of the job or replica</source>
        <translation>Das Kontextmenü des Jobs oder Replikats</translation>
    </message>
    <message>
        <source>Alt+O, Alt+L, Alt+M, Alt+C</source>
        <translation>Alt+B, Alt+L, Alt+M, Alt+K</translation>
    </message>
    <message>
        <source>Overview, Logs, Metrics, Config tab</source>
        <translation>Reiter Übersicht, Logs, Metriken, Konfiguration</translation>
    </message>
    <message>
        <source>Shift+F1</source>
        <translation>Umschalt+F1</translation>
    </message>
    <message>
        <source>What&apos;s This: why a menu item is disabled</source>
        <translation>Direkthilfe: warum ein Menüeintrag deaktiviert ist</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>Logs</translation>
    </message>
    <message>
        <source>F3, Enter in the search</source>
        <translation>F3, Eingabe in der Suche</translation>
    </message>
    <message>
        <source>Next match</source>
        <translation>Nächster Treffer</translation>
    </message>
    <message>
        <source>Shift+F3</source>
        <translation>Umschalt+F3</translation>
    </message>
    <message>
        <source>Previous match</source>
        <translation>Vorheriger Treffer</translation>
    </message>
    <message>
        <source>Up, Down, Page Up, Page Down</source>
        <translation>Hoch, Runter, Bild hoch, Bild runter</translation>
    </message>
    <message>
        <source>Move between lines (Shift: select)</source>
        <translation>Zwischen Zeilen wechseln (Umschalt: auswählen)</translation>
    </message>
    <message>
        <source>Ctrl+Home, Ctrl+End</source>
        <translation>Strg+Pos1, Strg+Ende</translation>
    </message>
    <message>
        <source>First line; last line and follow</source>
        <translation>Erste Zeile; letzte Zeile und folgen</translation>
    </message>
    <message>
        <source>Copy the selected lines</source>
        <translation>Die ausgewählten Zeilen kopieren</translation>
    </message>
    <message>
        <source>Select every line</source>
        <translation>Alle Zeilen auswählen</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Diagramme</translation>
    </message>
    <message>
        <source>Tab</source>
        <translation>Tab</translation>
    </message>
    <message>
        <source>The next chart, its Table and Export buttons</source>
        <translation>Das nächste Diagramm, seine Knöpfe Tabelle und Exportieren</translation>
    </message>
    <message>
        <source>T</source>
        <translation>T</translation>
    </message>
    <message>
        <source>The chart&apos;s points as a table</source>
        <translation>Die Punkte des Diagramms als Tabelle</translation>
    </message>
    <message>
        <source>Left, Right, Up, Down</source>
        <translation>Links, Rechts, Hoch, Runter</translation>
    </message>
    <message>
        <source>Pan</source>
        <translation>Verschieben</translation>
    </message>
    <message>
        <source>+, -</source>
        <translation>+, -</translation>
    </message>
    <message>
        <source>Zoom in, zoom out</source>
        <translation>Vergrößern, verkleinern</translation>
    </message>
    <message>
        <source>Home</source>
        <translation>Pos1</translation>
    </message>
    <message>
        <source>Reset the zoom</source>
        <translation>Zoom zurücksetzen</translation>
    </message>
    <message>
        <source>Reset zoom, table, step axes, export</source>
        <translation>Zoom zurücksetzen, Tabelle, Schrittachsen, Export</translation>
    </message>
    <message>
        <source>Compare and wizard windows</source>
        <translation>Vergleichs- und Assistentenfenster</translation>
    </message>
    <message>
        <source>Escape, %1</source>
        <translation>Esc, %1</translation>
    </message>
    <message>
        <source>Close the window</source>
        <translation>Das Fenster schließen</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::charts::ChartControls</name>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Time since start</source>
        <translation>Zeit seit Start</translation>
    </message>
    <message>
        <source>Smoothing (exponential moving average, as TensorBoard)</source>
        <translation>Glättung (exponentieller gleitender Mittelwert, wie in TensorBoard)</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Logarithmische Skala</translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation>Epoche</translation>
    </message>
    <message>
        <source>X axis</source>
        <translation>X-Achse</translation>
    </message>
    <message>
        <source>Smoothing</source>
        <translation>Glättung</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::charts::ChartTableDialog</name>
    <message>
        <source>%1 as a table</source>
        <translation>%1 als Tabelle</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) of the visible range, as the chart draws them. Where a series has more points than the chart has pixels, each row is the lowest or the highest value of a run of points; Export gives every point.</source>
        <translation>
            <numerusform>%n Punkt des sichtbaren Bereichs, wie das Diagramm ihn zeichnet. Wo eine Reihe mehr Punkte als das Diagramm Pixel hat, ist jede Zeile der kleinste oder größte Wert einer Folge von Punkten; Exportieren liefert jeden Punkt.</numerusform>
            <numerusform>%n Punkte des sichtbaren Bereichs, wie das Diagramm sie zeichnet. Wo eine Reihe mehr Punkte als das Diagramm Pixel hat, ist jede Zeile der kleinste oder größte Wert einer Folge von Punkten; Exportieren liefert jeden Punkt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Points of %1</source>
        <translation>Punkte von %1</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::charts::ChartTableModel</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Series</source>
        <translation>Reihe</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Smoothed</source>
        <translation>Geglättet</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::charts::MetricChartView</name>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Time since start (s)</source>
        <translation>Zeit seit Start (s)</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>Zoom zurücksetzen</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>CSV exportieren…</translation>
    </message>
    <message>
        <source>Export %1 as CSV</source>
        <translation>%1 als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>PNG exportieren…</translation>
    </message>
    <message>
        <source>Export %1 as PNG</source>
        <translation>%1 als PNG exportieren</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>The image could not be written.</source>
        <translation>Das Bild konnte nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Save every point of this chart as CSV, or the chart as PNG</source>
        <translation>Alle Punkte dieses Diagramms als CSV oder das Diagramm als PNG speichern</translation>
    </message>
    <message>
        <source>CSV…</source>
        <translation>CSV…</translation>
    </message>
    <message>
        <source>PNG…</source>
        <translation>PNG…</translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation>Epoche</translation>
    </message>
    <message>
        <source>epoch</source>
        <translation>Epoche</translation>
    </message>
    <message numerus="yes">
        <source>%1: last %2 at %3 s, min %4, max %5, %n point(s)</source>
        <translation>
            <numerusform>%1: zuletzt %2 bei %3 s, Minimum %4, Maximum %5, %n Punkt</numerusform>
            <numerusform>%1: zuletzt %2 bei %3 s, Minimum %4, Maximum %5, %n Punkte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: last %2 at step %3, min %4, max %5, %n point(s)</source>
        <translation>
            <numerusform>%1: zuletzt %2 bei Schritt %3, Minimum %4, Maximum %5, %n Punkt</numerusform>
            <numerusform>%1: zuletzt %2 bei Schritt %3, Minimum %4, Maximum %5, %n Punkte</numerusform>
        </translation>
    </message>
    <message>
        <source>No points yet.</source>
        <translation>Noch keine Punkte.</translation>
    </message>
    <message>
        <source>%1 on a second step axis at the top.</source>
        <translation>%1 auf einer zweiten Schrittachse oben.</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>%1 exportieren</translation>
    </message>
    <message>
        <source>Show %1 as a table</source>
        <translation>%1 als Tabelle zeigen</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tabelle</translation>
    </message>
    <message>
        <source>The points of the visible range as a table (T)</source>
        <translation>Die Punkte des sichtbaren Bereichs als Tabelle (T)</translation>
    </message>
    <message>
        <source>Show as table…</source>
        <translation>Als Tabelle zeigen…</translation>
    </message>
    <message>
        <source>One step axis for all series</source>
        <translation>Eine Schrittachse für alle Reihen</translation>
    </message>
    <message>
        <source>Series on another step scale (a hypertune file&apos;s global step) have a second step axis at the top</source>
        <translation>Reihen mit anderer Schrittzählung (der globale Schritt einer Hypertune-Datei) haben oben eine zweite Schrittachse</translation>
    </message>
    <message>
        <source>Step (%1)</source>
        <translation>Schritt (%1)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: smoothed %2</source>
        <translation>%1: geglättet %2</translation>
    </message>
    <message>
        <source>%1: %2 (smoothed %3)</source>
        <translation>%1: %2 (geglättet %3)</translation>
    </message>
    <message>
        <source>%1: %2 to %3 (smoothed %4)</source>
        <translation>%1: %2 bis %3 (geglättet %4)</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::charts::MetricsPanel</name>
    <message>
        <source>Reset zoom</source>
        <translation>Zoom zurücksetzen</translation>
    </message>
    <message>
        <source>Show every point again (Home in a chart)</source>
        <translation>Wieder alle Punkte zeigen (Home in einem Diagramm)</translation>
    </message>
    <message>
        <source>X axis:</source>
        <translation>X-Achse:</translation>
    </message>
    <message>
        <source>Smoothing:</source>
        <translation>Glättung:</translation>
    </message>
    <message>
        <source>No metrics yet. Lines such as “step=100 loss=0.5” or Keras progress “loss: 0.1234 - accuracy: 0.9” and the hypertune metric file become charts here.</source>
        <translation>Noch keine Metriken. Zeilen wie “step=100 loss=0.5” oder der Keras-Fortschritt “loss: 0.1234 - accuracy: 0.9” und die Metrikdatei von hypertune werden hier zu Diagrammen.</translation>
    </message>
    <message>
        <source>CPU (% of one core)</source>
        <translation>CPU (% eines Kerns)</translation>
    </message>
    <message>
        <source>GPU utilization (%)</source>
        <translation>GPU-Auslastung (%)</translation>
    </message>
    <message>
        <source>GPU memory in use (MiB)</source>
        <translation>Belegter GPU-Speicher (MiB)</translation>
    </message>
    <message>
        <source>GPU power (W)</source>
        <translation>GPU-Leistungsaufnahme (W)</translation>
    </message>
    <message>
        <source>GPU temperature (°C)</source>
        <translation>GPU-Temperatur (°C)</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Metric charts</source>
        <translation>Metrik-Diagramme</translation>
    </message>
    <message>
        <source>Metrics %1–%2 of %3 matching (%4 in all)</source>
        <translation>Metriken %1–%2 von %3 passenden (%4 insgesamt)</translation>
    </message>
    <message>
        <source>Metrics %1–%2 of %3</source>
        <translation>Metriken %1–%2 von %3</translation>
    </message>
    <message>
        <source>No metric matches “%1”.</source>
        <translation>Keine Metrik passt zu „%1“.</translation>
    </message>
    <message>
        <source>(Not a regular expression: %1. Matched as plain text.)</source>
        <translation>(Kein regulärer Ausdruck: %1. Als einfacher Text gesucht.)</translation>
    </message>
    <message>
        <source>Memory, PSS (MiB)</source>
        <translation>Arbeitsspeicher, PSS (MiB)</translation>
    </message>
    <message>
        <source>Filter metrics (regular expression)</source>
        <translation>Metriken filtern (regulärer Ausdruck)</translation>
    </message>
    <message>
        <source>Filter metrics</source>
        <translation>Metriken filtern</translation>
    </message>
    <message>
        <source>Previous page of metrics</source>
        <translation>Vorherige Seite der Metriken</translation>
    </message>
    <message>
        <source>Next page of metrics</source>
        <translation>Nächste Seite der Metriken</translation>
    </message>
    <message>
        <source>Sampled by the job&apos;s owner about once a second: CPU (children that exited included) and memory (proportional set size: a page shared by several processes counts its share to each) of each replica&apos;s processes, the GPU memory they hold, and each GPU of this machine</source>
        <translation>Etwa einmal pro Sekunde vom Eigentümerprozess des Jobs erfasst: CPU (beendete Kindprozesse eingeschlossen) und Arbeitsspeicher (proportionale Belegung: eine von mehreren Prozessen geteilte Seite zählt jedem seinen Anteil) der Prozesse jedes Replikats, der von ihnen belegte GPU-Speicher und jede GPU dieses Rechners</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::charts::UnparsedNotice</name>
    <message>
        <source>Make a &amp;Pattern…</source>
        <translation>M&amp;uster erstellen…</translation>
    </message>
    <message>
        <source>Lines that look like metrics</source>
        <translation>Zeilen, die wie Metriken aussehen</translation>
    </message>
    <message>
        <source>Opens Settings &gt; Metrics with this line and a pattern that reads it</source>
        <translation>Öffnet Einstellungen &gt; Metriken mit dieser Zeile und einem Muster, das sie liest</translation>
    </message>
    <message numerus="yes">
        <source>(%n more replica(s) too)</source>
        <translation>
            <numerusform>(auch %n weiteres Replikat)</numerusform>
            <numerusform>(auch %n weitere Replikate)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trainyard::ui::compare::CompareTableModel</name>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>%1 last</source>
        <translation>%1 zuletzt</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 max</source>
        <translation>%1 max</translation>
    </message>
    <message>
        <source>%1: differs between the runs</source>
        <translation>%1: unterscheidet sich zwischen den Läufen</translation>
    </message>
    <message>
        <source>%1: the same in every run</source>
        <translation>%1: in allen Läufen gleich</translation>
    </message>
    <message>
        <source>Objective: %1</source>
        <translation>Zielwert: %1</translation>
    </message>
    <message>
        <source>The trial&apos;s final %1 as the service reports it (finalMetric: the last report of hyperparameterMetricTag in the hypertune file)</source>
        <translation>Der endgültige Wert von %1 des Versuchs, wie der Dienst ihn meldet (finalMetric: der letzte Bericht von hyperparameterMetricTag in der hypertune-Datei)</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::compare::CompareView</name>
    <message>
        <source>Table as CSV…</source>
        <translation>Tabelle als CSV…</translation>
    </message>
    <message>
        <source>Points as CSV…</source>
        <translation>Punkte als CSV…</translation>
    </message>
    <message>
        <source>Every point of every run, one row per step</source>
        <translation>Jeder Punkt jedes Laufs, eine Zeile pro Schritt</translation>
    </message>
    <message>
        <source>Charts as PNG…</source>
        <translation>Diagramme als PNG…</translation>
    </message>
    <message>
        <source>X axis:</source>
        <translation>X-Achse:</translation>
    </message>
    <message>
        <source>Smoothing:</source>
        <translation>Glättung:</translation>
    </message>
    <message>
        <source>The selected runs have no metrics yet.</source>
        <translation>Die ausgewählten Läufe haben noch keine Metriken.</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Diagramme</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tabelle</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Export the table as CSV</source>
        <translation>Tabelle als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>Export every point as CSV</source>
        <translation>Jeden Punkt als CSV exportieren</translation>
    </message>
    <message>
        <source>Export the charts as PNG</source>
        <translation>Diagramme als PNG exportieren</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>The image could not be written.</source>
        <translation>Das Bild konnte nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Metric charts</source>
        <translation>Metrik-Diagramme</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>CPU, memory and GPU of each run&apos;s replicas, against time</source>
        <translation>CPU, Speicher und GPU der Replikate jedes Laufs, über der Zeit</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::compare::RunLegend</name>
    <message>
        <source>Legend</source>
        <translation>Legende</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::compare::ScatterPage</name>
    <message>
        <source>Final value of:</source>
        <translation>Endwert von:</translation>
    </message>
    <message>
        <source>%1 against %2</source>
        <translation>%1 gegen %2</translation>
    </message>
    <message>
        <source>Scatter plots</source>
        <translation>Streudiagramme</translation>
    </message>
    <message>
        <source>Objective: %1</source>
        <translation>Zielwert: %1</translation>
    </message>
    <message>
        <source>%1: %2 %3, %4 %5</source>
        <translation>%1: %2 %3, %4 %5</translation>
    </message>
    <message>
        <source>No run has a final value of %1.</source>
        <translation>Kein Lauf hat einen Endwert von %1.</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::jobs</name>
    <message>
        <source>Run it on the CPU (every GPU hidden: NCCL needs a GPU per rank, the gloo backend runs on the CPU) or share the GPUs (handed out round-robin: NCCL refuses two ranks on one GPU): choose under GPUs for a local run, or when Run locally asks.</source>
        <translation>Führen Sie ihn auf der CPU aus (jede GPU verborgen: NCCL braucht eine GPU pro Rang, das gloo-Backend läuft auf der CPU) oder teilen Sie die GPUs (reihum verteilt: NCCL lehnt zwei Ränge auf einer GPU ab): wählen Sie unter „GPUs für einen lokalen Lauf“ oder wenn „Lokal ausführen“ fragt.</translation>
    </message>
    <message>
        <source>Run it on the CPU (every GPU hidden: NCCL needs a GPU per rank, the gloo backend runs on the CPU) or share the GPUs (handed out round-robin: NCCL refuses two ranks on one GPU).</source>
        <translation>Führen Sie ihn auf der CPU aus (jede GPU verborgen: NCCL braucht eine GPU pro Rang, das gloo-Backend läuft auf der CPU) oder teilen Sie die GPUs (reihum verteilt: NCCL lehnt zwei Ränge auf einer GPU ab).</translation>
    </message>
    <message>
        <source>Choose the package directory on the Trainer page.</source>
        <translation>Wählen Sie das Paketverzeichnis auf der Seite „Trainer“.</translation>
    </message>
    <message>
        <source>Clone the job into the wizard (Job &gt; Clone into wizard) and choose its package directory on the Trainer page.</source>
        <translation>Klonen Sie den Job in den Assistenten (Job &gt; In Assistenten klonen) und wählen Sie sein Paketverzeichnis auf der Seite „Trainer“.</translation>
    </message>
    <message>
        <source>Clone the job into the wizard (Job &gt; Clone into wizard) to change it.</source>
        <translation>Klonen Sie den Job in den Assistenten (Job &gt; In Assistenten klonen), um ihn zu ändern.</translation>
    </message>
    <message>
        <source>Free some space on that disk, or delete old jobs (Job &gt; Delete job).</source>
        <translation>Geben Sie auf diesem Datenträger Platz frei oder löschen Sie alte Jobs (Job &gt; Job löschen).</translation>
    </message>
    <message>
        <source>Choose another start port in Settings &gt; Local runs.</source>
        <translation>Wählen Sie unter Einstellungen &gt; Lokale Läufe einen anderen Startport.</translation>
    </message>
    <message>
        <source>The job %1 cannot start on this machine:</source>
        <translation>Der Job %1 kann auf diesem Rechner nicht starten:</translation>
    </message>
    <message>
        <source>• %1</source>
        <translation>• %1</translation>
    </message>
    <message>
        <source>• %1: %2</source>
        <translation>• %1: %2</translation>
    </message>
    <message>
        <source>The job %1 asks for more GPUs than this machine has.</source>
        <translation>Der Job %1 verlangt mehr GPUs, als dieser Rechner hat.</translation>
    </message>
    <message>
        <source>Run on the CPU hides every GPU (NCCL needs a GPU per rank; the gloo backend runs on the CPU). Share the GPUs hands them out round-robin (NCCL refuses two ranks on one GPU).</source>
        <translation>„Auf der CPU ausführen“ verbirgt jede GPU (NCCL braucht eine GPU pro Rang; das gloo-Backend läuft auf der CPU). „GPUs teilen“ verteilt sie reihum (NCCL lehnt zwei Ränge auf einer GPU ab).</translation>
    </message>
    <message>
        <source>The choice stays under GPUs for a local run on the Review page.</source>
        <translation>Die Wahl bleibt unter „GPUs für einen lokalen Lauf“ auf der Seite „Überprüfen“ stehen.</translation>
    </message>
    <message>
        <source>Run %1 on this machine</source>
        <translation>%1 auf diesem Rechner ausführen</translation>
    </message>
    <message>
        <source>Run on the &amp;CPU</source>
        <translation>Auf der &amp;CPU ausführen</translation>
    </message>
    <message>
        <source>&amp;Share the GPUs</source>
        <translation>GPUs &amp;teilen</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::jobs::DesktopNotifier</name>
    <message>
        <source>no session bus</source>
        <translation>kein Sitzungsbus</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::jobs::JobConsole</name>
    <message>
        <source>Filter jobs by ID, tier or region</source>
        <translation>Jobs nach ID, Stufe oder Region filtern</translation>
    </message>
    <message>
        <source>All states</source>
        <translation>Alle Zustände</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Aktiv</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>Erfolgreich</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>&amp;New job…</source>
        <translation>&amp;Neuer Job…</translation>
    </message>
    <message>
        <source>&amp;Run again</source>
        <translation>Erneut &amp;ausführen</translation>
    </message>
    <message>
        <source>Run the job&apos;s config again as a new job</source>
        <translation>Die Konfiguration des Jobs erneut als neuen Job ausführen</translation>
    </message>
    <message>
        <source>C&amp;lone into wizard…</source>
        <translation>In den Assistenten &amp;kopieren…</translation>
    </message>
    <message>
        <source>&amp;Cancel job</source>
        <translation>Job a&amp;bbrechen</translation>
    </message>
    <message>
        <source>Cancel requested for %1</source>
        <translation>Abbruch für %1 angefordert</translation>
    </message>
    <message>
        <source>&amp;Open job folder</source>
        <translation>Job&amp;ordner öffnen</translation>
    </message>
    <message>
        <source>&amp;Delete job…</source>
        <translation>Job &amp;löschen…</translation>
    </message>
    <message>
        <source>Trainyard</source>
        <translation>Trainyard</translation>
    </message>
    <message>
        <source>%1 has ended: %2</source>
        <translation>%1 ist beendet: %2</translation>
    </message>
    <message>
        <source>Job %1 started</source>
        <translation>Job %1 gestartet</translation>
    </message>
    <message>
        <source>Deleted %1</source>
        <translation>%1 gelöscht</translation>
    </message>
    <message>
        <source>Delete job</source>
        <translation>Job löschen</translation>
    </message>
    <message>
        <source>Delete %1 and all its files (logs, metrics, output in the job folder)? This cannot be undone.</source>
        <translation>%1 und alle zugehörigen Dateien (Logs, Metriken, Ausgabe im Jobordner) löschen? Dies kann nicht rückgängig gemacht werden.</translation>
    </message>
    <message>
        <source>Job succeeded</source>
        <translation>Job erfolgreich beendet</translation>
    </message>
    <message>
        <source>Job cancelled</source>
        <translation>Job abgebrochen</translation>
    </message>
    <message>
        <source>Job failed</source>
        <translation>Job fehlgeschlagen</translation>
    </message>
    <message>
        <source>Co&amp;mpare runs</source>
        <translation>Läufe &amp;vergleichen</translation>
    </message>
    <message>
        <source>Select several jobs (Ctrl+click) or one tuning job</source>
        <translation>Mehrere Jobs auswählen (Strg+Klick) oder einen Tuning-Job</translation>
    </message>
    <message>
        <source>trial %1</source>
        <translation>Versuch %1</translation>
    </message>
    <message>
        <source>Trials of %1 — Trainyard</source>
        <translation>Versuche von %1 — Trainyard</translation>
    </message>
    <message>
        <source>Compare %1 runs — Trainyard</source>
        <translation>%1 Läufe vergleichen — Trainyard</translation>
    </message>
    <message>
        <source>Little space is left on the disk holding the job store: %1 free of %2. Jobs fail when it fills up; free some space or delete old jobs.</source>
        <translation>Auf dem Datenträger des Job-Speichers ist nur noch wenig Platz: %1 von %2 frei. Jobs schlagen fehl, wenn er voll ist; geben Sie Platz frei oder löschen Sie alte Jobs.</translation>
    </message>
    <message>
        <source>Job store: %1 (file system %2)</source>
        <translation>Job-Speicher: %1 (Dateisystem %2)</translation>
    </message>
    <message>
        <source>Filter jobs</source>
        <translation>Jobs filtern</translation>
    </message>
    <message>
        <source>Show jobs in state</source>
        <translation>Jobs im Zustand anzeigen</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source> and %n more job(s)</source>
        <translation>
            <numerusform> und %n weiterer Job</numerusform>
            <numerusform> und %n weitere Jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) ended</source>
        <translation>
            <numerusform>%n Job beendet</numerusform>
            <numerusform>%n Jobs beendet</numerusform>
        </translation>
    </message>
    <message>
        <source>Clear the job filter</source>
        <translation>Jobfilter leeren</translation>
    </message>
    <message>
        <source>Select a job in the list first.</source>
        <translation>Wählen Sie zuerst einen Job in der Liste aus.</translation>
    </message>
    <message>
        <source>The state of %1 is not known.</source>
        <translation>Der Zustand von %1 ist nicht bekannt.</translation>
    </message>
    <message>
        <source>%1 has already ended (%2).</source>
        <translation>%1 ist bereits beendet (%2).</translation>
    </message>
    <message>
        <source>%1 is being cancelled.</source>
        <translation>%1 wird gerade abgebrochen.</translation>
    </message>
    <message>
        <source>%1 is still running; cancel it first (Ctrl+Shift+K).</source>
        <translation>%1 läuft noch; brechen Sie den Job zuerst ab (Strg+Umschalt+K).</translation>
    </message>
    <message>
        <source>Select several jobs (Ctrl+click) or one tuning job with trials to compare.</source>
        <translation>Wählen Sie zum Vergleichen mehrere Jobs (Strg+Klick) oder einen Tuning-Job mit Versuchen aus.</translation>
    </message>
    <message>
        <source>Cancel job</source>
        <translation>Job abbrechen</translation>
    </message>
    <message>
        <source>Cancel %1? Every replica is stopped and the job ends as cancelled.</source>
        <translation>%1 abbrechen? Alle Replikate werden beendet, und der Job endet als abgebrochen.</translation>
    </message>
    <message>
        <source>Keep running</source>
        <translation>Weiterlaufen lassen</translation>
    </message>
    <message>
        <source>Keep job</source>
        <translation>Job behalten</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::jobs::JobDetail</name>
    <message>
        <source>&amp;Overview</source>
        <translation>Ü&amp;bersicht</translation>
    </message>
    <message>
        <source>&amp;Logs</source>
        <translation>&amp;Logs</translation>
    </message>
    <message>
        <source>&amp;Metrics</source>
        <translation>&amp;Metriken</translation>
    </message>
    <message>
        <source>&amp;Config</source>
        <translation>&amp;Konfiguration</translation>
    </message>
    <message>
        <source>State:</source>
        <translation>Zustand:</translation>
    </message>
    <message>
        <source>Error:</source>
        <translation>Fehler:</translation>
    </message>
    <message>
        <source>Created:</source>
        <translation>Erstellt:</translation>
    </message>
    <message>
        <source>Started:</source>
        <translation>Gestartet:</translation>
    </message>
    <message>
        <source>Ended:</source>
        <translation>Beendet:</translation>
    </message>
    <message>
        <source>Run attempt:</source>
        <translation>Durchgang:</translation>
    </message>
    <message>
        <source>Show &amp;TF_CONFIG…</source>
        <translation>&amp;TF_CONFIG anzeigen…</translation>
    </message>
    <message>
        <source>The TF_CONFIG environment variable of the selected replica</source>
        <translation>Die Umgebungsvariable TF_CONFIG des ausgewählten Replikats</translation>
    </message>
    <message>
        <source>Replicas:</source>
        <translation>Replikate:</translation>
    </message>
    <message>
        <source>No job selected</source>
        <translation>Kein Job ausgewählt</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unbekannt</translation>
    </message>
    <message>
        <source>TF_CONFIG of %1</source>
        <translation>TF_CONFIG von %1</translation>
    </message>
    <message>
        <source>Trials:</source>
        <translation>Versuche:</translation>
    </message>
    <message>
        <source>%1 of %2 run locally (maxTrials %3), %4 succeeded</source>
        <translation>%1 von %2 lokal gelaufen (maxTrials %3), %4 erfolgreich</translation>
    </message>
    <message>
        <source>best: trial %1, %2 = %3</source>
        <translation>bester: Versuch %1, %2 = %3</translation>
    </message>
    <message>
        <source>Job details</source>
        <translation>Jobdetails</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>Replikate</translation>
    </message>
    <message>
        <source>%1 restarted at %2: %3</source>
        <translation>%1 neu gestartet am %2: %3</translation>
    </message>
    <message>
        <source>Last step before the restart: %1</source>
        <translation>Letzter Schritt vor dem Neustart: %1</translation>
    </message>
    <message>
        <source>%1 started over at step %2 after reaching step %3: no checkpoint was restored.</source>
        <translation>%1 hat bei Schritt %2 neu begonnen, nachdem Schritt %3 erreicht war: es wurde kein Checkpoint wiederhergestellt.</translation>
    </message>
    <message>
        <source>T&amp;rials</source>
        <translation>&amp;Versuche</translation>
    </message>
    <message>
        <source>Warnings:</source>
        <translation>Warnungen:</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::jobs::JobListModel</name>
    <message>
        <source>Queued</source>
        <translation>Wartend</translation>
    </message>
    <message>
        <source>Preparing</source>
        <translation>Wird vorbereitet</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>Erfolgreich</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Cancelling</source>
        <translation>Wird abgebrochen</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unbekannt</translation>
    </message>
    <message>
        <source>%1/%2</source>
        <translation>%1/%2</translation>
    </message>
    <message>
        <source>Job ID</source>
        <translation>Job-ID</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Tier or shape</source>
        <translation>Stufe oder Form</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <source>Restarts</source>
        <translation>Neustarts</translation>
    </message>
    <message>
        <source>Replicas running</source>
        <translation>Laufende Replikate</translation>
    </message>
    <message>
        <source>Broken: %1</source>
        <translation>Defekt: %1</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::jobs::ReplicaMenu</name>
    <message>
        <source>Show &amp;TF_CONFIG…</source>
        <translation>&amp;TF_CONFIG anzeigen…</translation>
    </message>
    <message>
        <source>Rehearse VM &amp;maintenance</source>
        <translation>VM-&amp;Wartung proben</translation>
    </message>
    <message>
        <source>Rehearse &amp;crash</source>
        <translation>&amp;Absturz proben</translation>
    </message>
    <message>
        <source>No job is selected.</source>
        <translation>Kein Job ausgewählt.</translation>
    </message>
    <message>
        <source>The service restarts the replicas of a cloud job itself; only local runs can rehearse a restart.</source>
        <translation>Die Replikate eines Cloud-Jobs startet der Dienst selbst neu; nur lokale Läufe können einen Neustart proben.</translation>
    </message>
    <message>
        <source>A rehearsal is under way: wait for the job&apos;s owner to answer.</source>
        <translation>Eine Probe läuft: warten Sie auf die Antwort des Eigentümerprozesses des Jobs.</translation>
    </message>
    <message>
        <source>Only a running job can rehearse a restart (this one: %1).</source>
        <translation>Nur ein laufender Job kann einen Neustart proben (dieser: %1).</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unbekannt</translation>
    </message>
    <message>
        <source>Select a replica first.</source>
        <translation>Wählen Sie zuerst ein Replikat aus.</translation>
    </message>
    <message>
        <source>%1 is not running (%2).</source>
        <translation>%1 läuft nicht (%2).</translation>
    </message>
    <message>
        <source>SIGTERM to %1, the job&apos;s grace period, SIGKILL, then the same launch again (same TF_CONFIG, port and environment), not counted against the restarts, as when the service moves a replica off a VM under maintenance.</source>
        <translation>SIGTERM an %1, die Schonfrist des Jobs, SIGKILL, dann derselbe Start noch einmal (dieselbe TF_CONFIG, derselbe Port, dieselbe Umgebung), nicht auf die Neustarts angerechnet – wie wenn der Dienst ein Replikat von einer VM in Wartung verlegt.</translation>
    </message>
    <message>
        <source>SIGKILL to %1: it restarts as after a non-zero exit, counted against the restarts.</source>
        <translation>SIGKILL an %1: es startet neu wie nach einem Exit-Code ungleich null, auf die Neustarts angerechnet.</translation>
    </message>
    <message>
        <source>Asking the owner of %1 to rehearse VM maintenance of %2…</source>
        <translation>Der Eigentümerprozess von %1 wird gebeten, eine VM-Wartung von %2 zu proben…</translation>
    </message>
    <message>
        <source>Asking the owner of %1 to rehearse a crash of %2…</source>
        <translation>Der Eigentümerprozess von %1 wird gebeten, einen Absturz von %2 zu proben…</translation>
    </message>
    <message>
        <source>%1 of %2 was not restarted: the job&apos;s owner did not take the request within %3 s.</source>
        <translation>%1 von %2 wurde nicht neu gestartet: der Eigentümerprozess des Jobs hat die Anfrage nicht innerhalb von %3 s angenommen.</translation>
    </message>
    <message>
        <source>%1 of %2 was not restarted: %3</source>
        <translation>%1 von %2 wurde nicht neu gestartet: %3</translation>
    </message>
    <message>
        <source>%1 of %2: VM maintenance rehearsed (SIGTERM, grace period, SIGKILL, then the same launch again). The Last restart column says whether it resumed.</source>
        <translation>%1 von %2: VM-Wartung geprobt (SIGTERM, Schonfrist, SIGKILL, dann derselbe Start noch einmal). Die Spalte „Letzter Neustart“ zeigt, ob es fortgesetzt hat.</translation>
    </message>
    <message>
        <source>%1 of %2: crash rehearsed (SIGKILL); it restarts as after a non-zero exit. The Last restart column says whether it resumed.</source>
        <translation>%1 von %2: Absturz geprobt (SIGKILL); es startet neu wie nach einem Exit-Code ungleich null. Die Spalte „Letzter Neustart“ zeigt, ob es fortgesetzt hat.</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::jobs::ReplicaModel</name>
    <message>
        <source>Replica</source>
        <translation>Replikat</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Restarts</source>
        <translation>Neustarts</translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation>Exit-Code</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Trial</source>
        <translation>Versuch</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>VM maintenance</source>
        <translation>VM-Wartung</translation>
    </message>
    <message>
        <source>crash</source>
        <translation>Absturz</translation>
    </message>
    <message>
        <source>job restart</source>
        <translation>Job-Neustart</translation>
    </message>
    <message>
        <source>exit %1</source>
        <translation>Exit %1</translation>
    </message>
    <message>
        <source>exit</source>
        <translation>Exit</translation>
    </message>
    <message>
        <source>started over at step %1</source>
        <translation>neu begonnen bei Schritt %1</translation>
    </message>
    <message>
        <source>resumed at step %1</source>
        <translation>fortgesetzt bei Schritt %1</translation>
    </message>
    <message>
        <source>no step reported since</source>
        <translation>seitdem kein Schritt gemeldet</translation>
    </message>
    <message>
        <source>The service restarts replicas (VM maintenance, crashes): save checkpoints under the job dir regularly and restore the most recent one when the trainer starts.</source>
        <translation>Der Dienst startet Replikate neu (VM-Wartung, Abstürze): speichern Sie regelmäßig Checkpoints im Job-Verzeichnis und stellen Sie den neuesten wieder her, wenn der Trainer startet.</translation>
    </message>
    <message>
        <source>last step before: %1</source>
        <translation>letzter Schritt davor: %1</translation>
    </message>
    <message>
        <source>counted against the restarts</source>
        <translation>auf die Neustarts angerechnet</translation>
    </message>
    <message>
        <source>%1 started over at step %2 after reaching step %3: no checkpoint was restored.</source>
        <translation>%1 hat bei Schritt %2 neu begonnen, nachdem Schritt %3 erreicht war: es wurde kein Checkpoint wiederhergestellt.</translation>
    </message>
    <message>
        <source>Last restart</source>
        <translation>Letzter Neustart</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::logs::LogModel</name>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Replica</source>
        <translation>Replikat</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::logs::LogPanel</name>
    <message>
        <source>All replicas (by time)</source>
        <translation>Alle Replikate (nach Zeit)</translation>
    </message>
    <message>
        <source>Show the lines of every replica interleaved by time, or of one replica</source>
        <translation>Die Zeilen aller Replikate zeitlich verzahnt anzeigen oder nur die eines Replikats</translation>
    </message>
    <message>
        <source>All severities</source>
        <translation>Alle Schweregrade</translation>
    </message>
    <message>
        <source>Info and above</source>
        <translation>Info und höher</translation>
    </message>
    <message>
        <source>Warnings and above</source>
        <translation>Warnungen und höher</translation>
    </message>
    <message>
        <source>Errors only</source>
        <translation>Nur Fehler</translation>
    </message>
    <message>
        <source>Search…</source>
        <translation>Suchen…</translation>
    </message>
    <message>
        <source>Regex</source>
        <translation>Regex</translation>
    </message>
    <message>
        <source>Previous match (Shift+F3)</source>
        <translation>Vorheriger Treffer (Shift+F3)</translation>
    </message>
    <message>
        <source>Next match (F3)</source>
        <translation>Nächster Treffer (F3)</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>Folgen</translation>
    </message>
    <message>
        <source>Keep showing the newest lines (scrolling up pauses, the bottom resumes)</source>
        <translation>Immer die neuesten Zeilen zeigen (Hochscrollen pausiert, Scrollen ans Ende setzt fort)</translation>
    </message>
    <message>
        <source>Timestamps</source>
        <translation>Zeitstempel</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy the selected lines (Ctrl+C)</source>
        <translation>Die ausgewählten Zeilen kopieren (Ctrl+C)</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n Zeile</numerusform>
            <numerusform>%n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, reading…</source>
        <translation>%1, wird gelesen…</translation>
    </message>
    <message>
        <source>No match for “%1”</source>
        <translation>Kein Treffer für “%1”</translation>
    </message>
    <message>
        <source>The search text is a Perl-compatible regular expression</source>
        <translation>Der Suchtext ist ein Perl-kompatibler regulärer Ausdruck</translation>
    </message>
    <message>
        <source>Match case</source>
        <translation>Groß-/Kleinschreibung beachten</translation>
    </message>
    <message>
        <source>Invert</source>
        <translation>Umkehren</translation>
    </message>
    <message>
        <source>Select the lines that do not match (like grep -v)</source>
        <translation>Die Zeilen wählen, die nicht passen (wie grep -v)</translation>
    </message>
    <message>
        <source>Show matching lines only</source>
        <translation>Nur passende Zeilen zeigen</translation>
    </message>
    <message>
        <source>No context</source>
        <translation>Kein Kontext</translation>
    </message>
    <message>
        <source>Context ±</source>
        <translation>Kontext ±</translation>
    </message>
    <message>
        <source>Lines shown before and after each matching line (like grep -C)</source>
        <translation>Zeilen, die vor und nach jeder passenden Zeile gezeigt werden (wie grep -C)</translation>
    </message>
    <message>
        <source>Go to time (14:02:10)</source>
        <translation>Gehe zu Uhrzeit (14:02:10)</translation>
    </message>
    <message>
        <source>First error</source>
        <translation>Erster Fehler</translation>
    </message>
    <message>
        <source>Show the first line with severity ERROR or CRITICAL</source>
        <translation>Die erste Zeile mit Schweregrad ERROR oder CRITICAL zeigen</translation>
    </message>
    <message>
        <source>No line with severity ERROR or CRITICAL</source>
        <translation>Keine Zeile mit Schweregrad ERROR oder CRITICAL</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) without a match</source>
        <translation>
            <numerusform>%n Zeile ohne Treffer</numerusform>
            <numerusform>%n Zeilen ohne Treffer</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n matching line(s)</source>
        <translation>
            <numerusform>%n passende Zeile</numerusform>
            <numerusform>%n passende Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1; searching %2%…</source>
        <translation>%1; Suche bei %2%…</translation>
    </message>
    <message>
        <source>“%1” is not a time: write 14:02:10 or 2026-11-22 14:02:10</source>
        <translation>„%1“ ist keine Uhrzeit: schreiben Sie 14:02:10 oder 2026-11-22 14:02:10</translation>
    </message>
    <message>
        <source>Replica</source>
        <translation>Replikat</translation>
    </message>
    <message>
        <source>Lowest severity shown</source>
        <translation>Niedrigster angezeigter Schweregrad</translation>
    </message>
    <message>
        <source>Search the log</source>
        <translation>Im Log suchen</translation>
    </message>
    <message>
        <source>Go to time</source>
        <translation>Gehe zu Uhrzeit</translation>
    </message>
    <message>
        <source>Previous match</source>
        <translation>Vorheriger Treffer</translation>
    </message>
    <message>
        <source>Next match</source>
        <translation>Nächster Treffer</translation>
    </message>
    <message>
        <source>Log lines</source>
        <translation>Logzeilen</translation>
    </message>
    <message>
        <source>Clear the search</source>
        <translation>Suche leeren</translation>
    </message>
    <message>
        <source>Context lines</source>
        <translation>Kontextzeilen</translation>
    </message>
    <message>
        <source>Clear the time</source>
        <translation>Zeit leeren</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>Zeile %1</translation>
    </message>
    <message>
        <source>match %1 of %2 so far, line %3</source>
        <translation>Treffer %1 von bisher %2, Zeile %3</translation>
    </message>
    <message>
        <source>match %1 of %2, line %3</source>
        <translation>Treffer %1 von %2, Zeile %3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::logs::LogView</name>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n Zeile</numerusform>
            <numerusform>%n Zeilen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trainyard::ui::study::ParallelCoordinates</name>
    <message>
        <source>Parallel coordinates of the trials</source>
        <translation>Parallele Koordinaten der Versuche</translation>
    </message>
    <message>
        <source>%1 (objective)</source>
        <translation>%1 (Zielwert)</translation>
    </message>
    <message>
        <source>No trials yet.</source>
        <translation>Noch keine Versuche.</translation>
    </message>
    <message>
        <source>(log)</source>
        <translation>(log)</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>no objective (%1)</source>
        <translation>kein Zielwert (%1)</translation>
    </message>
    <message>
        <source>trial %1: %2</source>
        <translation>Versuch %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n trial(s) on %1 axes, one line each: the parameters, then the objective %2 (goal %3).</source>
        <translation>
            <numerusform>%n Versuch auf %1 Achsen, je eine Linie: die Parameter, dann der Zielwert %2 (Ziel %3).</numerusform>
            <numerusform>%n Versuche auf %1 Achsen, je eine Linie: die Parameter, dann der Zielwert %2 (Ziel %3).</numerusform>
        </translation>
    </message>
    <message>
        <source>Best, %1.</source>
        <translation>Bester, %1.</translation>
    </message>
    <message>
        <source>Current, %1.</source>
        <translation>Aktueller, %1.</translation>
    </message>
    <message>
        <source>Up and Down move through the trials.</source>
        <translation>Auf und Ab wechseln zwischen den Versuchen.</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::study::StudyView</name>
    <message>
        <source>Trials</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <source>Grid search: the service and a local run walk the grid of the parameters&apos; values in order.</source>
        <translation>Rastersuche: der Dienst und ein lokaler Lauf gehen das Raster der Parameterwerte der Reihe nach ab.</translation>
    </message>
    <message>
        <source>Random search: the service and a local run draw each trial&apos;s values at random (locally from a seed of the job ID, so a rerun draws the same).</source>
        <translation>Zufallssuche: der Dienst und ein lokaler Lauf ziehen die Werte jedes Versuchs zufällig (lokal aus einem Startwert der Job-ID, sodass eine Wiederholung dieselben zieht).</translation>
    </message>
    <message>
        <source>Bayesian optimisation (the default): the service uses Vizier&apos;s Gaussian process bandit; a local run does the same, a Gaussian process over the ended trials with UCB in a trust region, after a few seed trials (seeded by the job ID).</source>
        <translation>Bayes&apos;sche Optimierung (die Voreinstellung): der Dienst nutzt Viziers Gaußprozess-Bandit; ein lokaler Lauf tut dasselbe, ein Gaußprozess über die beendeten Versuche mit UCB in einer Vertrauensregion, nach einigen Startversuchen (mit der Job-ID als Startwert).</translation>
    </message>
    <message>
        <source>Goal: %1 %2.</source>
        <translation>Ziel: %1 %2.</translation>
    </message>
    <message numerus="yes">
        <source>Continues the study of %1 (%n trial(s) as observations).</source>
        <translation>
            <numerusform>Setzt die Studie von %1 fort (%n Versuch als Beobachtung).</numerusform>
            <numerusform>Setzt die Studie von %1 fort (%n Versuche als Beobachtungen).</numerusform>
        </translation>
    </message>
    <message>
        <source>Best: trial %1, %2 = %3.</source>
        <translation>Bester: Versuch %1, %2 = %3.</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::study::TrialsModel</name>
    <message>
        <source>stopped early</source>
        <translation>vorzeitig beendet</translation>
    </message>
    <message>
        <source>Trial</source>
        <translation>Versuch</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>The final value of %1, as the service reports it (finalMetric.objectiveValue); goal %2</source>
        <translation>Der endgültige Wert von %1, wie der Dienst ihn meldet (finalMetric.objectiveValue); Ziel %2</translation>
    </message>
    <message>
        <source>Objective: %1</source>
        <translation>Zielwert: %1</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Early stopping</source>
        <translation>Vorzeitiger Abbruch</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::wizard::ClusterPage</name>
    <message>
        <source>Custom cluster</source>
        <translation>Eigener Cluster</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>Choose the machines the job runs on: a predefined scale tier, or your own cluster (CUSTOM).</source>
        <translation>Wählen Sie die Maschinen, auf denen der Job läuft: eine vordefinierte Skalierungsstufe oder Ihren eigenen Cluster (CUSTOM).</translation>
    </message>
    <message>
        <source>&amp;Scale tier:</source>
        <translation>&amp;Skalierungsstufe:</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>Replikate</translation>
    </message>
    <message>
        <source>Machine type</source>
        <translation>Maschinentyp</translation>
    </message>
    <message>
        <source>Accelerator</source>
        <translation>Beschleuniger</translation>
    </message>
    <message>
        <source>Accelerators per replica</source>
        <translation>Beschleuniger pro Replikat</translation>
    </message>
    <message>
        <source>&amp;Master</source>
        <translation>&amp;Master</translation>
    </message>
    <message>
        <source>&amp;Workers</source>
        <translation>W&amp;orker</translation>
    </message>
    <message>
        <source>&amp;Parameter servers</source>
        <translation>&amp;Parameterserver</translation>
    </message>
    <message>
        <source>E&amp;valuators</source>
        <translation>E&amp;valuatoren</translation>
    </message>
    <message>
        <source>%1: number of replicas</source>
        <translation>%1: Anzahl der Replikate</translation>
    </message>
    <message>
        <source>%1: machine type</source>
        <translation>%1: Maschinentyp</translation>
    </message>
    <message>
        <source>%1: accelerator type</source>
        <translation>%1: Beschleunigertyp</translation>
    </message>
    <message>
        <source>%1: accelerators per replica</source>
        <translation>%1: Beschleuniger pro Replikat</translation>
    </message>
    <message>
        <source>%1 — Cloud TPU</source>
        <translation>%1 — Cloud TPU</translation>
    </message>
    <message>
        <source>%1, %2 × %3</source>
        <translation>%1, %2 × %3</translation>
    </message>
    <message>
        <source>%1 (legacy)</source>
        <translation>%1 (Legacy)</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keiner</translation>
    </message>
    <message>
        <source>%1 — not on %2</source>
        <translation>%1 — nicht auf %2</translation>
    </message>
    <message>
        <source>%1 cannot be attached to %2</source>
        <translation>%1 kann nicht an %2 angeschlossen werden</translation>
    </message>
    <message>
        <source>master: %1</source>
        <translation>Master: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n worker(s): %1</source>
        <translation>
            <numerusform>%n Worker: %1</numerusform>
            <numerusform>%n Worker: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n parameter server(s): %1</source>
        <translation>
            <numerusform>%n Parameterserver: %1</numerusform>
            <numerusform>%n Parameterserver: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>%1.
Machines: %2%3</source>
        <translation>%1.
Maschinen: %2%3</translation>
    </message>
    <message>
        <source> (approximate; the service does not publish the exact shape)</source>
        <translation> (ungefähr; der Dienst veröffentlicht die genaue Form nicht)</translation>
    </message>
    <message>
        <source>%1.
Define each role below.</source>
        <translation>%1.
Legen Sie unten jede Rolle fest.</translation>
    </message>
    <message>
        <source>This tier is not in the catalog.</source>
        <translation>Diese Stufe ist nicht im Katalog.</translation>
    </message>
    <message>
        <source>%1 (not in the catalog)</source>
        <translation>%1 (nicht im Katalog)</translation>
    </message>
    <message>
        <source>%1 — %2 vCPUs, %3 GB</source>
        <translation>%1 — %2 vCPUs, %3 GB</translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation>(nicht gesetzt)</translation>
    </message>
    <message>
        <source>No scale tier is set: the service uses its default tier.</source>
        <translation>Keine Skalierungsstufe gesetzt: Der Dienst verwendet seine Standardstufe.</translation>
    </message>
    <message>
        <source>B&amp;oot disks</source>
        <translation>&amp;Bootplatten</translation>
    </message>
    <message>
        <source>Boot disk type</source>
        <translation>Bootplattentyp</translation>
    </message>
    <message>
        <source>Boot disk size</source>
        <translation>Bootplattengröße</translation>
    </message>
    <message>
        <source>%1: boot disk type</source>
        <translation>%1: Bootplattentyp</translation>
    </message>
    <message>
        <source>Service default</source>
        <translation>Standard des Dienstes</translation>
    </message>
    <message>
        <source>Default (%1)</source>
        <translation>Standard (%1)</translation>
    </message>
    <message>
        <source>%1: boot disk size in GB</source>
        <translation>%1: Bootplattengröße in GB</translation>
    </message>
    <message>
        <source> GB</source>
        <translation> GB</translation>
    </message>
    <message>
        <source>Default (%1 GB)</source>
        <translation>Standard (%1 GB)</translation>
    </message>
    <message>
        <source>%1 to %2 GB</source>
        <translation>%1 bis %2 GB</translation>
    </message>
    <message numerus="yes">
        <source>This machine has %n GPU(s): %1.</source>
        <translation>
            <numerusform>Dieser Rechner hat %n GPU: %1.</numerusform>
            <numerusform>Dieser Rechner hat %n GPUs: %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>This machine has no NVIDIA GPU.</source>
        <translation>Dieser Rechner hat keine NVIDIA-GPU.</translation>
    </message>
    <message numerus="yes">
        <source>The job asks for %n GPU(s) in all.</source>
        <translation>
            <numerusform>Der Job verlangt insgesamt %n GPU.</numerusform>
            <numerusform>Der Job verlangt insgesamt %n GPUs.</numerusform>
        </translation>
    </message>
    <message>
        <source>A local run uses the CPU.</source>
        <translation>Ein lokaler Lauf verwendet die CPU.</translation>
    </message>
    <message>
        <source>A local run needs CPU only or Shared GPUs (Review page).</source>
        <translation>Ein lokaler Lauf braucht „Nur CPU“ oder „Geteilt“ (Seite Überprüfung).</translation>
    </message>
    <message>
        <source>%1 (retired)</source>
        <translation>%1 (eingestellt)</translation>
    </message>
    <message>
        <source>No longer offered since about %1; use %2 instead.</source>
        <translation>Seit etwa %1 nicht mehr angeboten; verwenden Sie stattdessen %2.</translation>
    </message>
    <message>
        <source>%1 (Vertex AI only)</source>
        <translation>%1 (nur Vertex AI)</translation>
    </message>
    <message>
        <source>Offered by Vertex AI custom training only: submit the job to Vertex AI.</source>
        <translation>Nur beim benutzerdefinierten Training von Vertex AI: senden Sie den Job an Vertex AI.</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::wizard::Disclosure</name>
    <message>
        <source>%1 (%2 set)</source>
        <translation>%1 (%2 gesetzt)</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::wizard::FieldMessage</name>
    <message>
        <source>Error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::wizard::HyperparameterPage</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Minimum</source>
        <translation>Minimum</translation>
    </message>
    <message>
        <source>Maximum</source>
        <translation>Maximum</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>Skalierung</translation>
    </message>
    <message>
        <source>Hyperparameter tuning</source>
        <translation>Hyperparameter-Abstimmung</translation>
    </message>
    <message>
        <source>The service runs several trials, each with other values, and looks for the best value of a metric your trainer reports.</source>
        <translation>Der Dienst führt mehrere Versuche mit jeweils anderen Werten aus und sucht den besten Wert einer Metrik, die Ihr Trainer meldet.</translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation>(nicht gesetzt)</translation>
    </message>
    <message>
        <source>the metric&apos;s tag, e.g. accuracy</source>
        <translation>das Tag der Metrik, z. B. accuracy</translation>
    </message>
    <message>
        <source>The tag your trainer reports the metric under (hypertune).</source>
        <translation>Das Tag, unter dem Ihr Trainer die Metrik meldet (hypertune).</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>DOUBLE and INTEGER parameters take a minimum, a maximum and a scale; CATEGORICAL and DISCRETE parameters a comma-separated list of values.</source>
        <translation>DOUBLE- und INTEGER-Parameter haben ein Minimum, ein Maximum und eine Skalierung; CATEGORICAL- und DISCRETE-Parameter eine kommagetrennte Werteliste.</translation>
    </message>
    <message>
        <source>&amp;Goal:</source>
        <translation>Zi&amp;el:</translation>
    </message>
    <message>
        <source>&amp;Metric tag:</source>
        <translation>&amp;Metrik-Tag:</translation>
    </message>
    <message>
        <source>Ma&amp;ximum trials:</source>
        <translation>Ma&amp;ximale Versuche:</translation>
    </message>
    <message>
        <source>&amp;Parallel trials:</source>
        <translation>&amp;Parallele Versuche:</translation>
    </message>
    <message>
        <source>&amp;Algorithm:</source>
        <translation>&amp;Algorithmus:</translation>
    </message>
    <message>
        <source>Pa&amp;rameters:</source>
        <translation>Pa&amp;rameter:</translation>
    </message>
    <message>
        <source>Not used by %1 parameters</source>
        <translation>Bei Parametern vom Typ %1 nicht verwendet</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>Werte</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::wizard::JobPage</name>
    <message>
        <source>S&amp;uggest</source>
        <translation>&amp;Vorschlagen</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>&amp;Tune hyperparameters: run several trials to find the best values (adds a page)</source>
        <translation>Hyperparameter a&amp;bstimmen: mehrere Versuche ausführen, um die besten Werte zu finden (fügt eine Seite hinzu)</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Name the job. The ID must be unique among your jobs and cannot be changed later.</source>
        <translation>Benennen Sie den Job. Die ID muss unter Ihren Jobs eindeutig sein und kann später nicht geändert werden.</translation>
    </message>
    <message>
        <source>e.g. census_20240101_120000</source>
        <translation>z. B. census_20240101_120000</translation>
    </message>
    <message>
        <source>A letter, then letters, digits and underscores; at most 128 characters.</source>
        <translation>Ein Buchstabe, dann Buchstaben, Ziffern und Unterstriche; höchstens 128 Zeichen.</translation>
    </message>
    <message>
        <source>Propose an ID of the form base_YYYYMMDD_HHMMSS from the current ID or the trainer&apos;s module name.</source>
        <translation>Eine ID der Form base_YYYYMMDD_HHMMSS aus der aktuellen ID oder dem Modulnamen des Trainers vorschlagen.</translation>
    </message>
    <message>
        <source>Labels help you organise jobs (key: value pairs).</source>
        <translation>Labels helfen beim Ordnen von Jobs (Paare der Form Schlüssel: Wert).</translation>
    </message>
    <message>
        <source>Job &amp;ID:</source>
        <translation>Job-&amp;ID:</translation>
    </message>
    <message>
        <source>&amp;Labels:</source>
        <translation>&amp;Labels:</translation>
    </message>
    <message>
        <source>Label keys appear more than once (%1): a job keeps one value per key, the last one.</source>
        <translation>Label-Schlüssel kommen mehrfach vor (%1): Ein Job behält einen Wert pro Schlüssel, den letzten.</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::wizard::JobWizard</name>
    <message>
        <source>New training job</source>
        <translation>Neuer Trainingsjob</translation>
    </message>
    <message>
        <source>Training job from %1</source>
        <translation>Trainingsjob aus %1</translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation>%1 konnte nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>Save config.yaml</source>
        <translation>config.yaml speichern</translation>
    </message>
    <message>
        <source>Export config.yaml for gcloud</source>
        <translation>config.yaml für gcloud exportieren</translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml);;All files (*)</source>
        <translation>YAML-Dateien (*.yaml *.yml);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>The job is being started.</source>
        <translation>Der Job wird gestartet.</translation>
    </message>
    <message>
        <source>Starting the job %1…</source>
        <translation>Job %1 wird gestartet…</translation>
    </message>
    <message>
        <source>Training job from a gcloud command</source>
        <translation>Trainingsjob aus einem gcloud-Befehl</translation>
    </message>
    <message>
        <source>Training job %1 from a gcloud command</source>
        <translation>Trainingsjob %1 aus einem gcloud-Befehl</translation>
    </message>
    <message>
        <source>&amp;Run locally</source>
        <translation>&amp;Lokal ausführen</translation>
    </message>
    <message>
        <source>Could not keep the draft in %1: %2</source>
        <translation>Der Entwurf konnte nicht in %1 gespeichert werden: %2</translation>
    </message>
    <message>
        <source>New training job (the draft you left)</source>
        <translation>Neuer Trainingsjob (Ihr zurückgelassener Entwurf)</translation>
    </message>
    <message>
        <source>Close the job wizard</source>
        <translation>Job-Assistenten schließen</translation>
    </message>
    <message>
        <source>This job has not been run, saved or submitted.</source>
        <translation>Dieser Job wurde weder ausgeführt noch gespeichert noch übermittelt.</translation>
    </message>
    <message>
        <source>The job %1 has not been run, saved or submitted.</source>
        <translation>Der Job %1 wurde weder ausgeführt noch gespeichert noch übermittelt.</translation>
    </message>
    <message>
        <source>A draft comes back the next time you start a new job.</source>
        <translation>Ein Entwurf erscheint wieder, wenn Sie das nächste Mal einen neuen Job anlegen.</translation>
    </message>
    <message>
        <source>&amp;Keep as draft</source>
        <translation>Als &amp;Entwurf behalten</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Verwerfen</translation>
    </message>
    <message>
        <source>%1 (left out: the job in the wizard does not have it)</source>
        <translation>%1 (ausgelassen: der Job im Assistenten hat es nicht)</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::wizard::KubernetesTab</name>
    <message>
        <source>TrainJob (Kubeflow Trainer v2)</source>
        <translation>TrainJob (Kubeflow Trainer v2)</translation>
    </message>
    <message>
        <source>TFJob (legacy Training Operator v1)</source>
        <translation>TFJob (veralteter Training Operator v1)</translation>
    </message>
    <message>
        <source>PyTorchJob (legacy Training Operator v1)</source>
        <translation>PyTorchJob (veralteter Training Operator v1)</translation>
    </message>
    <message>
        <source>Kubernetes manifest kind</source>
        <translation>Art des Kubernetes-Manifests</translation>
    </message>
    <message>
        <source>an image that holds the trainer package</source>
        <translation>ein Image, das das Trainer-Paket enthält</translation>
    </message>
    <message>
        <source>Container image</source>
        <translation>Container-Image</translation>
    </message>
    <message>
        <source>kubectl&apos;s current namespace</source>
        <translation>aktueller Namespace von kubectl</translation>
    </message>
    <message>
        <source>Kubernetes namespace</source>
        <translation>Kubernetes-Namespace</translation>
    </message>
    <message>
        <source>any 2.x (fields every version accepts)</source>
        <translation>jede 2.x (Felder, die jede Version annimmt)</translation>
    </message>
    <message>
        <source>Kubeflow Trainer version</source>
        <translation>Kubeflow-Trainer-Version</translation>
    </message>
    <message>
        <source>Kubernetes manifest</source>
        <translation>Kubernetes-Manifest</translation>
    </message>
    <message>
        <source>Kubernetes export notes</source>
        <translation>Hinweise zum Kubernetes-Export</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Art:</translation>
    </message>
    <message>
        <source>&amp;Image:</source>
        <translation>&amp;Image:</translation>
    </message>
    <message>
        <source>&amp;Namespace:</source>
        <translation>&amp;Namespace:</translation>
    </message>
    <message>
        <source>&amp;Trainer version:</source>
        <translation>&amp;Trainer-Version:</translation>
    </message>
    <message>
        <source>Copy &amp;manifest</source>
        <translation>&amp;Manifest kopieren</translation>
    </message>
    <message>
        <source>Error: %1: %2</source>
        <translation>Fehler: %1: %2</translation>
    </message>
    <message>
        <source>Warning: %1: %2</source>
        <translation>Warnung: %1: %2</translation>
    </message>
    <message>
        <source># Not exportable as it stands: see the errors below.
</source>
        <translation># So nicht exportierbar: siehe die Fehler unten.
</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::wizard::ParamDelegate</name>
    <message>
        <source>comma-separated values</source>
        <translation>kommagetrennte Werte</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::wizard::PasteCommandDialog</name>
    <message>
        <source>Paste gcloud command</source>
        <translation>gcloud-Befehl einfügen</translation>
    </message>
    <message>
        <source>Paste a gcloud ai-platform (or ml-engine) jobs submit training command, as it is in your script: continuation lines, VAR=value lines before it and $VARIABLES may stay as they are.</source>
        <translation>Fügen Sie einen Befehl gcloud ai-platform (oder ml-engine) jobs submit training so ein, wie er in Ihrem Skript steht: Fortsetzungszeilen, VAR=Wert-Zeilen davor und $VARIABLEN dürfen bleiben, wie sie sind.</translation>
    </message>
    <message>
        <source>gcloud command</source>
        <translation>gcloud-Befehl</translation>
    </message>
    <message>
        <source>Files named in the command are in:</source>
        <translation>Im Befehl genannte Dateien liegen in:</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>What the command gives, and what is ignored:</source>
        <translation>Was der Befehl ergibt und was ignoriert wird:</translation>
    </message>
    <message>
        <source>Import summary</source>
        <translation>Übersicht des Imports</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importieren</translation>
    </message>
    <message>
        <source>Directory of the command</source>
        <translation>Verzeichnis des Befehls</translation>
    </message>
    <message>
        <source>gcloud local train command</source>
        <translation>gcloud-Befehl local train</translation>
    </message>
    <message>
        <source>Job ID: %1</source>
        <translation>Job-ID: %1</translation>
    </message>
    <message>
        <source>Config file %1 cannot be read; choose the directory it is in</source>
        <translation>Die Konfigurationsdatei %1 ist nicht lesbar; wählen Sie das Verzeichnis, in dem sie liegt</translation>
    </message>
    <message>
        <source>Config file: %1</source>
        <translation>Konfigurationsdatei: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n job flag(s) applied</source>
        <translation>
            <numerusform>%n Job-Flag angewendet</numerusform>
            <numerusform>%n Job-Flags angewendet</numerusform>
        </translation>
    </message>
    <message>
        <source>App arguments: %1</source>
        <translation>Argumente für die App: %1</translation>
    </message>
    <message>
        <source>Ignored: %1 (gcloud client only)</source>
        <translation>Ignoriert: %1 (nur für den gcloud-Client)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::wizard::RegionPage</name>
    <message>
        <source>Bro&amp;wse…</source>
        <translation>Durchsuc&amp;hen…</translation>
    </message>
    <message>
        <source>For a &amp;local run only: allow a local job directory and no runtime version</source>
        <translation>Nur für einen &amp;lokalen Lauf: lokales Jobverzeichnis und keine Laufzeitversion erlauben</translation>
    </message>
    <message>
        <source>Region and runtime</source>
        <translation>Region und Laufzeit</translation>
    </message>
    <message>
        <source>Choose where the job runs, the software it runs with, and where its output goes.</source>
        <translation>Wählen Sie, wo der Job läuft, mit welcher Software er läuft und wohin seine Ausgabe geht.</translation>
    </message>
    <message>
        <source>The GPU types each region offers are listed after its name.</source>
        <translation>Die GPU-Typen, die eine Region anbietet, stehen hinter ihrem Namen.</translation>
    </message>
    <message>
        <source>The AI Platform runtime version: TensorFlow and other libraries preinstalled.</source>
        <translation>Die Laufzeitversion von AI Platform: TensorFlow und weitere Bibliotheken sind vorinstalliert.</translation>
    </message>
    <message>
        <source>gs://bucket/path, or a local directory for local runs</source>
        <translation>gs://bucket/path oder ein lokales Verzeichnis für lokale Läufe</translation>
    </message>
    <message>
        <source>Where the job writes its output (--job-dir). The service needs a Cloud Storage path; a local directory works only for local runs.</source>
        <translation>Wohin der Job seine Ausgabe schreibt (--job-dir). Der Dienst braucht einen Pfad in Cloud Storage; ein lokales Verzeichnis funktioniert nur bei lokalen Läufen.</translation>
    </message>
    <message>
        <source>Checks the job for a run on this machine instead of the service. The review still lists what the service would reject.</source>
        <translation>Prüft den Job für einen Lauf auf diesem Rechner statt beim Dienst. Die Überprüfung listet weiterhin auf, was der Dienst ablehnen würde.</translation>
    </message>
    <message>
        <source>&amp;Region:</source>
        <translation>&amp;Region:</translation>
    </message>
    <message>
        <source>R&amp;untime version:</source>
        <translation>La&amp;ufzeitversion:</translation>
    </message>
    <message>
        <source>&amp;Python version:</source>
        <translation>&amp;Python-Version:</translation>
    </message>
    <message>
        <source>&amp;Job directory:</source>
        <translation>&amp;Jobverzeichnis:</translation>
    </message>
    <message>
        <source>%1 (not in the catalog)</source>
        <translation>%1 (nicht im Katalog)</translation>
    </message>
    <message>
        <source>%1 (no GPUs)</source>
        <translation>%1 (keine GPUs)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 offers no GPUs.</source>
        <translation>%1 bietet keine GPUs an.</translation>
    </message>
    <message>
        <source>%1 offers %2.</source>
        <translation>%1 bietet %2 an.</translation>
    </message>
    <message>
        <source>%1 — no %2</source>
        <translation>%1 — ohne %2</translation>
    </message>
    <message>
        <source>%1
This job uses %2, which this region does not offer.</source>
        <translation>%1
Dieser Job verwendet %2, was diese Region nicht anbietet.</translation>
    </message>
    <message>
        <source>%1
The catalog is not sure of this region&apos;s GPU offer.</source>
        <translation>%1
Der Katalog ist sich beim GPU-Angebot dieser Region nicht sicher.</translation>
    </message>
    <message>
        <source>Choose the job directory</source>
        <translation>Jobverzeichnis wählen</translation>
    </message>
    <message>
        <source>Ad&amp;vanced: scheduling, network, service account</source>
        <translation>&amp;Erweitert: Zeitplanung, Netzwerk, Dienstkonto</translation>
    </message>
    <message>
        <source>Service default: 604800s (7 days)</source>
        <translation>Standard des Dienstes: 604800s (7 Tage)</translation>
    </message>
    <message>
        <source>The job is cancelled when it runs longer than this, counted from RUNNING. Seconds followed by s, e.g. 7200s.</source>
        <translation>Der Job wird abgebrochen, wenn er länger läuft, gezählt ab RUNNING. Sekunden gefolgt von s, z. B. 7200s.</translation>
    </message>
    <message>
        <source>No limit; at least 1800s when set</source>
        <translation>Keine Grenze; mindestens 1800s, wenn gesetzt</translation>
    </message>
    <message>
        <source>The job is cancelled when it is still queued or preparing after this long. Seconds followed by s, e.g. 3600s.</source>
        <translation>Der Job wird abgebrochen, wenn er nach dieser Zeit noch wartet oder vorbereitet wird. Sekunden gefolgt von s, z. B. 3600s.</translation>
    </message>
    <message>
        <source>Not set (0)</source>
        <translation>Nicht gesetzt (0)</translation>
    </message>
    <message>
        <source>Scheduling priority from 0 to 1000; higher runs first.</source>
        <translation>Priorität von 0 bis 1000; höhere läuft zuerst.</translation>
    </message>
    <message>
        <source>projects/PROJECT_NUMBER/global/networks/NAME</source>
        <translation>projects/PROJEKTNUMMER/global/networks/NAME</translation>
    </message>
    <message>
        <source>The VPC network the job is peered with.</source>
        <translation>Das VPC-Netzwerk, mit dem der Job per Peering verbunden ist.</translation>
    </message>
    <message>
        <source>NAME@PROJECT.iam.gserviceaccount.com</source>
        <translation>NAME@PROJEKT.iam.gserviceaccount.com</translation>
    </message>
    <message>
        <source>The service account the job runs as (its e-mail address).</source>
        <translation>Das Dienstkonto, unter dem der Job läuft (seine E-Mail-Adresse).</translation>
    </message>
    <message>
        <source>projects/PROJECT/locations/REGION/keyRings/RING/cryptoKeys/KEY</source>
        <translation>projects/PROJEKT/locations/REGION/keyRings/RING/cryptoKeys/SCHLÜSSEL</translation>
    </message>
    <message>
        <source>The Cloud KMS key that encrypts the job&apos;s data (encryptionConfig.kmsKeyName).</source>
        <translation>Der Cloud-KMS-Schlüssel, der die Daten des Jobs verschlüsselt (encryptionConfig.kmsKeyName).</translation>
    </message>
    <message>
        <source>Not set (master)</source>
        <translation>Nicht gesetzt (master)</translation>
    </message>
    <message>
        <source>Yes: chief</source>
        <translation>Ja: chief</translation>
    </message>
    <message>
        <source>No: master</source>
        <translation>Nein: master</translation>
    </message>
    <message>
        <source>The task type of the primary replica in TF_CONFIG (custom containers only).</source>
        <translation>Der Aufgabentyp des primären Replikats in TF_CONFIG (nur eigene Container).</translation>
    </message>
    <message>
        <source>Not set (off)</source>
        <translation>Nicht gesetzt (aus)</translation>
    </message>
    <message>
        <source>On</source>
        <translation>Ein</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <source>Interactive shells into the running replicas.</source>
        <translation>Interaktive Shells in die laufenden Replikate.</translation>
    </message>
    <message>
        <source>Maximum running &amp;time:</source>
        <translation>Ma&amp;ximale Laufzeit:</translation>
    </message>
    <message>
        <source>Maximum w&amp;ait time:</source>
        <translation>Maximale War&amp;tezeit:</translation>
    </message>
    <message>
        <source>Pri&amp;ority:</source>
        <translation>Pri&amp;orität:</translation>
    </message>
    <message>
        <source>N&amp;etwork:</source>
        <translation>&amp;Netzwerk:</translation>
    </message>
    <message>
        <source>&amp;Service account:</source>
        <translation>&amp;Dienstkonto:</translation>
    </message>
    <message>
        <source>&amp;KMS key:</source>
        <translation>&amp;KMS-Schlüssel:</translation>
    </message>
    <message>
        <source>&amp;Chief in TF_CONFIG:</source>
        <translation>&amp;Chief in TF_CONFIG:</translation>
    </message>
    <message>
        <source>&amp;Interactive shells:</source>
        <translation>&amp;Interaktive Shells:</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::wizard::ReviewPage</name>
    <message>
        <source>&amp;Save config.yaml…</source>
        <translation>config.yaml &amp;speichern…</translation>
    </message>
    <message>
        <source>&amp;Export for gcloud…</source>
        <translation>Für gcloud &amp;exportieren…</translation>
    </message>
    <message>
        <source>&amp;Run locally</source>
        <translation>&amp;Lokal ausführen</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Überprüfung</translation>
    </message>
    <message>
        <source>The job as the service will receive it. Save it, or run it on this machine.</source>
        <translation>Der Job, wie der Dienst ihn erhalten wird. Speichern Sie ihn oder führen Sie ihn auf diesem Rechner aus.</translation>
    </message>
    <message>
        <source>config.yaml</source>
        <translation>config.yaml</translation>
    </message>
    <message>
        <source>gcloud command</source>
        <translation>gcloud-Befehl</translation>
    </message>
    <message>
        <source>Vertex AI CustomJob JSON</source>
        <translation>Vertex AI CustomJob (JSON)</translation>
    </message>
    <message>
        <source>&amp;Copy YAML</source>
        <translation>YAML &amp;kopieren</translation>
    </message>
    <message>
        <source>&amp;Copy command</source>
        <translation>Befehl &amp;kopieren</translation>
    </message>
    <message>
        <source>&amp;Copy JSON</source>
        <translation>JSON &amp;kopieren</translation>
    </message>
    <message>
        <source>Vertex AI JSON</source>
        <translation>JSON für Vertex AI</translation>
    </message>
    <message>
        <source>Saves the whole job, including the trainyardLocal section (package directory, executable, environment), so nothing is lost. Trainyard opens it again; for gcloud use Export.</source>
        <translation>Speichert den ganzen Job einschließlich des Abschnitts trainyardLocal (Paketverzeichnis, Programm, Umgebung), sodass nichts verloren geht. Trainyard kann ihn wieder öffnen; für gcloud verwenden Sie Exportieren.</translation>
    </message>
    <message>
        <source>Saves the config.yaml shown above, without the local-only section: the file gcloud&apos;s --config accepts.</source>
        <translation>Speichert die oben gezeigte config.yaml ohne den nur lokalen Abschnitt: die Datei, die --config von gcloud akzeptiert.</translation>
    </message>
    <message>
        <source>Stores the job and runs it on this machine with Trainyard&apos;s local executor.</source>
        <translation>Legt den Job an und führt ihn auf diesem Rechner mit dem lokalen Executor von Trainyard aus.</translation>
    </message>
    <message>
        <source>Checked for a local run. Before this job can go to the service:</source>
        <translation>Für einen lokalen Lauf geprüft. Bevor dieser Job an den Dienst gehen kann:</translation>
    </message>
    <message>
        <source>• %1: %2</source>
        <translation>• %1: %2</translation>
    </message>
    <message>
        <source>On Vertex AI:</source>
        <translation>Bei Vertex AI:</translation>
    </message>
    <message numerus="yes">
        <source>Where this would run today: AI Platform Training took its last jobs on %1; this job would run as a %2 job (the Vertex AI JSON tab), with %n change(s) on the way.</source>
        <translation>
            <numerusform>Wo dies heute liefe: AI Platform Training nahm am %1 die letzten Jobs an; dieser Job liefe als %2-Job (Registerkarte Vertex AI JSON), mit %n Änderung auf dem Weg.</numerusform>
            <numerusform>Wo dies heute liefe: AI Platform Training nahm am %1 die letzten Jobs an; dieser Job liefe als %2-Job (Registerkarte Vertex AI JSON), mit %n Änderungen auf dem Weg.</numerusform>
        </translation>
    </message>
    <message>
        <source>Submit to &amp;Vertex AI…</source>
        <translation>An &amp;Vertex AI übermitteln…</translation>
    </message>
    <message>
        <source>Builds and uploads the package, then creates the job as a Vertex AI CustomJob; the job list shows it with the local runs.</source>
        <translation>Baut das Paket und lädt es hoch, dann legt es den Job als Vertex-AI-CustomJob an; die Jobliste zeigt ihn zusammen mit den lokalen Läufen.</translation>
    </message>
    <message>
        <source>Kubernetes</source>
        <translation>Kubernetes</translation>
    </message>
    <message>
        <source>GPUs of their own (auto)</source>
        <translation>Eigene GPUs (auto)</translation>
    </message>
    <message>
        <source>CPU only: every GPU hidden</source>
        <translation>Nur CPU: jede GPU verborgen</translation>
    </message>
    <message>
        <source>Shared: GPUs handed out round-robin</source>
        <translation>Geteilt: GPUs reihum verteilt</translation>
    </message>
    <message>
        <source>Looking for this machine&apos;s GPUs…</source>
        <translation>Suche die GPUs dieses Rechners…</translation>
    </message>
    <message>
        <source>&amp;GPUs for a local run:</source>
        <translation>&amp;GPUs für einen lokalen Lauf:</translation>
    </message>
    <message>
        <source>GPU %1 %2 (%3 MiB)</source>
        <translation>GPU %1 %2 (%3 MiB)</translation>
    </message>
    <message>
        <source>This machine: %1.</source>
        <translation>Dieser Rechner: %1.</translation>
    </message>
    <message>
        <source>This machine has no NVIDIA GPU (%1).</source>
        <translation>Dieser Rechner hat keine NVIDIA-GPU (%1).</translation>
    </message>
    <message>
        <source>This machine has fewer GPUs than the job asks for: choose CPU only or Shared above.</source>
        <translation>Dieser Rechner hat weniger GPUs, als der Job verlangt: wählen Sie oben „Nur CPU“ oder „Geteilt“.</translation>
    </message>
    <message>
        <source>Rehearse VM &amp;maintenance</source>
        <translation>VM-&amp;Wartung proben</translation>
    </message>
    <message>
        <source>How a local run&apos;s replicas get this machine&apos;s GPUs. NCCL needs a GPU of its own per rank; gloo runs on the CPU.</source>
        <translation>Wie die Replikate eines lokalen Laufs die GPUs dieses Rechners erhalten. NCCL braucht eine eigene GPU pro Rang; gloo läuft auf der CPU.</translation>
    </message>
    <message>
        <source>For a local run: each replica gets one VM maintenance event, as when the service moves it to another VM: SIGTERM, the grace period, SIGKILL, then the same launch again. The moment is seeded by the job ID, so a rerun repeats it. `trainyard jobs describe` and the Overview say whether each replica resumed from its checkpoint or started over.</source>
        <translation>Für einen lokalen Lauf: jedes Replikat bekommt ein VM-Wartungsereignis, wie wenn der Dienst es auf eine andere VM verlegt: SIGTERM, die Schonfrist, SIGKILL, dann derselbe Start noch einmal. Der Zeitpunkt leitet sich von der Job-ID ab, sodass eine Wiederholung ihn wiederholt. `trainyard jobs describe` und die Übersicht zeigen, ob jedes Replikat von seinem Checkpoint fortgesetzt oder neu begonnen hat.</translation>
    </message>
    <message>
        <source>config.yaml as text</source>
        <translation>config.yaml als Text</translation>
    </message>
    <message>
        <source>gcloud command as text</source>
        <translation>gcloud-Befehl als Text</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::wizard::StringListEditor</name>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <source>Add to %1</source>
        <translation>Zu %1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove from %1</source>
        <translation>Aus %1 entfernen</translation>
    </message>
    <message>
        <source>Move up in %1</source>
        <translation>In %1 nach oben</translation>
    </message>
    <message>
        <source>Move down in %1</source>
        <translation>In %1 nach unten</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::wizard::TableEditor</name>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Add to %1</source>
        <translation>Zu %1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove from %1</source>
        <translation>Aus %1 entfernen</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::wizard::TrainerPage</name>
    <message>
        <source>&amp;Python package (run a module with python -m)</source>
        <translation>&amp;Python-Paket (ein Modul mit python -m ausführen)</translation>
    </message>
    <message>
        <source>&amp;Executable (local runs only)</source>
        <translation>Ausführbare &amp;Datei (nur lokale Läufe)</translation>
    </message>
    <message>
        <source>&amp;Container image</source>
        <translation>&amp;Container-Image</translation>
    </message>
    <message>
        <source>Br&amp;owse…</source>
        <translation>Durch&amp;suchen…</translation>
    </message>
    <message>
        <source>Bro&amp;wse…</source>
        <translation>Durchsuc&amp;hen…</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Secret name (instead of a value)</source>
        <translation>Name eines Geheimnisses (statt eines Werts)</translation>
    </message>
    <message>
        <source>Trainer</source>
        <translation>Trainer</translation>
    </message>
    <message>
        <source>Choose the code the job runs and the arguments it gets.</source>
        <translation>Wählen Sie den Code, den der Job ausführt, und die Argumente, die er erhält.</translation>
    </message>
    <message>
        <source>Directory of the package, e.g. ~/project/trainer</source>
        <translation>Verzeichnis des Pakets, z. B. ~/project/trainer</translation>
    </message>
    <message>
        <source>The local directory of your Python package (it holds __init__.py). gcloud uploads it; local runs use it directly.</source>
        <translation>Das lokale Verzeichnis Ihres Python-Pakets (es enthält __init__.py). gcloud lädt es hoch; lokale Läufe verwenden es direkt.</translation>
    </message>
    <message>
        <source>e.g. trainer.task</source>
        <translation>z. B. trainer.task</translation>
    </message>
    <message>
        <source>The module to run, as python -m would get it.</source>
        <translation>Das auszuführende Modul, wie python -m es erhalten würde.</translation>
    </message>
    <message>
        <source>Packages already uploaded to Cloud Storage (gs://...), one per row. Optional.</source>
        <translation>Bereits in Cloud Storage hochgeladene Pakete (gs://...), eines pro Zeile. Optional.</translation>
    </message>
    <message>
        <source>Path of a program to run on this machine</source>
        <translation>Pfad eines Programms, das auf diesem Rechner laufen soll</translation>
    </message>
    <message>
        <source>e.g. gcr.io/my-project/trainer:latest</source>
        <translation>z. B. gcr.io/my-project/trainer:latest</translation>
    </message>
    <message>
        <source>A custom container image (masterConfig.imageUri). It replaces the runtime version.</source>
        <translation>Ein benutzerdefiniertes Container-Image (masterConfig.imageUri). Es ersetzt die Laufzeitversion.</translation>
    </message>
    <message>
        <source>Each row is one argument, passed exactly as written: no quoting, no splitting at spaces.</source>
        <translation>Jede Zeile ist ein Argument und wird genau so übergeben, wie sie geschrieben ist: ohne Quoting, ohne Trennung an Leerzeichen.</translation>
    </message>
    <message>
        <source>Command line preview</source>
        <translation>Vorschau der Befehlszeile</translation>
    </message>
    <message>
        <source>Environment variables of the replicas in local runs. Give a value, or the name of a secret kept in the system keychain.</source>
        <translation>Umgebungsvariablen der Replikate bei lokalen Läufen. Geben Sie einen Wert an oder den Namen eines Geheimnisses im Schlüsselbund des Systems.</translation>
    </message>
    <message>
        <source>Package &amp;directory:</source>
        <translation>Paket&amp;verzeichnis:</translation>
    </message>
    <message>
        <source>&amp;Module:</source>
        <translation>&amp;Modul:</translation>
    </message>
    <message>
        <source>Uploaded packa&amp;ges:</source>
        <translation>Hochgeladene Pa&amp;kete:</translation>
    </message>
    <message>
        <source>Program:</source>
        <translation>Programm:</translation>
    </message>
    <message>
        <source>&amp;Image URI:</source>
        <translation>&amp;Image-URI:</translation>
    </message>
    <message>
        <source>&amp;Arguments:</source>
        <translation>&amp;Argumente:</translation>
    </message>
    <message>
        <source>Runs as:</source>
        <translation>Läuft als:</translation>
    </message>
    <message>
        <source>En&amp;vironment:</source>
        <translation>&amp;Umgebung:</translation>
    </message>
    <message>
        <source>This directory does not exist on this machine.</source>
        <translation>Dieses Verzeichnis existiert auf diesem Rechner nicht.</translation>
    </message>
    <message>
        <source>This is a file, not a directory: choose the package&apos;s directory.</source>
        <translation>Dies ist eine Datei, kein Verzeichnis: Wählen Sie das Verzeichnis des Pakets.</translation>
    </message>
    <message>
        <source>This directory is not a Python package: it has no __init__.py.</source>
        <translation>Dieses Verzeichnis ist kein Python-Paket: Es enthält keine __init__.py.</translation>
    </message>
    <message>
        <source>The package has no module %1; it has: %2</source>
        <translation>Das Paket hat kein Modul %1; es enthält: %2</translation>
    </message>
    <message numerus="yes">
        <source>Python package with at least %n module(s) (the search stopped early: the package is very large).</source>
        <translation>
            <numerusform>Python-Paket mit mindestens %n Modul (die Suche wurde vorzeitig beendet: Das Paket ist sehr groß).</numerusform>
            <numerusform>Python-Paket mit mindestens %n Modulen (die Suche wurde vorzeitig beendet: Das Paket ist sehr groß).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Python package with %n module(s).</source>
        <translation>
            <numerusform>Python-Paket mit %n Modul.</numerusform>
            <numerusform>Python-Paket mit %n Modulen.</numerusform>
        </translation>
    </message>
    <message>
        <source>MODULE</source>
        <translation>MODUL</translation>
    </message>
    <message>
        <source>PROGRAM</source>
        <translation>PROGRAMM</translation>
    </message>
    <message>
        <source>(the image&apos;s entrypoint)</source>
        <translation>(der Entrypoint des Images)</translation>
    </message>
    <message>
        <source>Choose the package directory</source>
        <translation>Paketverzeichnis wählen</translation>
    </message>
    <message>
        <source>Choose the program to run</source>
        <translation>Auszuführendes Programm wählen</translation>
    </message>
    <message>
        <source>Browse for the package directory</source>
        <translation>Paketverzeichnis suchen</translation>
    </message>
    <message>
        <source>Browse for the program</source>
        <translation>Programm suchen</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::wizard::VertexSubmitDialog</name>
    <message>
        <source>Submit to Vertex AI</source>
        <translation>An Vertex AI übermitteln</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projekt</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <source>Staging bucket</source>
        <translation>Staging-Bucket</translation>
    </message>
    <message>
        <source>Service account</source>
        <translation>Dienstkonto</translation>
    </message>
    <message>
        <source>e.g. my-project</source>
        <translation>z. B. my-project</translation>
    </message>
    <message>
        <source>gs://BUCKET[/PATH]</source>
        <translation>gs://BUCKET[/PFAD]</translation>
    </message>
    <message>
        <source>optional: NAME@PROJECT.iam.gserviceaccount.com</source>
        <translation>optional: NAME@PROJEKT.iam.gserviceaccount.com</translation>
    </message>
    <message>
        <source>Credentials: %1 (%2)</source>
        <translation>Anmeldedaten: %1 (%2)</translation>
    </message>
    <message>
        <source>Credentials: %1 (%2, %3)</source>
        <translation>Anmeldedaten: %1 (%2, %3)</translation>
    </message>
    <message>
        <source>The job %1 is created as a Vertex AI CustomJob with the packages its spec names.</source>
        <translation>Der Job %1 wird als Vertex-AI-CustomJob mit den Paketen angelegt, die seine Spezifikation nennt.</translation>
    </message>
    <message>
        <source>The package %1 is built as a source distribution and uploaded to the staging bucket (once per content), then the job %2 is created as a Vertex AI CustomJob.</source>
        <translation>Das Paket %1 wird als Quelldistribution gebaut und in den Staging-Bucket hochgeladen (einmal je Inhalt), dann wird der Job %2 als Vertex-AI-CustomJob angelegt.</translation>
    </message>
    <message>
        <source>&amp;Project:</source>
        <translation>&amp;Projekt:</translation>
    </message>
    <message>
        <source>&amp;Region:</source>
        <translation>&amp;Region:</translation>
    </message>
    <message>
        <source>&amp;Staging bucket:</source>
        <translation>&amp;Staging-Bucket:</translation>
    </message>
    <message>
        <source>Service &amp;account:</source>
        <translation>Dienst&amp;konto:</translation>
    </message>
    <message>
        <source>Su&amp;bmit</source>
        <translation>Über&amp;mitteln</translation>
    </message>
    <message>
        <source>A project ID is required.</source>
        <translation>Eine Projekt-ID ist erforderlich.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a project ID: 6 to 30 lowercase letters, digits and hyphens, starting with a letter.</source>
        <translation>&apos;%1&apos; ist keine Projekt-ID: 6 bis 30 Kleinbuchstaben, Ziffern und Bindestriche, beginnend mit einem Buchstaben.</translation>
    </message>
    <message>
        <source>A region is required, e.g. us-central1.</source>
        <translation>Eine Region ist erforderlich, z. B. us-central1.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a region name such as us-central1.</source>
        <translation>&apos;%1&apos; ist kein Regionsname wie us-central1.</translation>
    </message>
    <message>
        <source>A staging bucket is required to upload the package.</source>
        <translation>Zum Hochladen des Pakets ist ein Staging-Bucket erforderlich.</translation>
    </message>
    <message>
        <source>The staging bucket must be gs://BUCKET[/PATH].</source>
        <translation>Der Staging-Bucket muss die Form gs://BUCKET[/PFAD] haben.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a bucket name: 3 to 63 lowercase letters, digits, dots, hyphens and underscores.</source>
        <translation>&apos;%1&apos; ist kein Bucket-Name: 3 bis 63 Kleinbuchstaben, Ziffern, Punkte, Bindestriche und Unterstriche.</translation>
    </message>
    <message>
        <source>The spec has no package directory to stage (trainyardLocal.packagePath); leave the bucket empty.</source>
        <translation>Die Spezifikation hat kein Paketverzeichnis zum Hochladen (trainyardLocal.packagePath); lassen Sie den Bucket leer.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a service account e-mail address.</source>
        <translation>&apos;%1&apos; ist keine E-Mail-Adresse eines Dienstkontos.</translation>
    </message>
    <message>
        <source>Not submitted: the spec has errors.
%1</source>
        <translation>Nicht übermittelt: Die Spezifikation hat Fehler.
%1</translation>
    </message>
    <message>
        <source>Submitting…</source>
        <translation>Wird übermittelt…</translation>
    </message>
    <message>
        <source>Building the package…</source>
        <translation>Das Paket wird gebaut…</translation>
    </message>
    <message>
        <source>Uploading %1: %2%</source>
        <translation>Lade %1 hoch: %2%</translation>
    </message>
    <message>
        <source>Uploaded %1. Submitting…</source>
        <translation>%1 hochgeladen. Wird übermittelt…</translation>
    </message>
    <message>
        <source>%1 is staged already; not uploaded again. Submitting…</source>
        <translation>%1 liegt bereits bereit; nicht erneut hochgeladen. Wird übermittelt…</translation>
    </message>
    <message>
        <source>Submitted: %1
The job list shows it as %2.</source>
        <translation>Übermittelt: %1
Die Jobliste zeigt ihn als %2.</translation>
    </message>
    <message>
        <source>Not submitted: %1</source>
        <translation>Nicht übermittelt: %1</translation>
    </message>
    <message>
        <source>Not submitted: %1
The record %2 keeps the attempt; submit again to retry.</source>
        <translation>Nicht übermittelt: %1
Der Eintrag %2 bewahrt den Versuch; übermitteln Sie erneut, um es nochmals zu versuchen.</translation>
    </message>
</context>
<context>
    <name>trainyard::ui::wizard::WizardPage</name>
    <message>
        <source>Problems on this page</source>
        <translation>Probleme auf dieser Seite</translation>
    </message>
    <message>
        <source>• Error in %1: %2</source>
        <translation>• Fehler in %1: %2</translation>
    </message>
    <message>
        <source>• Warning for %1: %2</source>
        <translation>• Warnung zu %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>Fix %n error(s) on this page to continue:</source>
        <translation>
            <numerusform>Beheben Sie %n Fehler auf dieser Seite, um fortzufahren:</numerusform>
            <numerusform>Beheben Sie %n Fehler auf dieser Seite, um fortzufahren:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s) on this page (you can continue):</source>
        <translation>
            <numerusform>%n Warnung auf dieser Seite (Sie können fortfahren):</numerusform>
            <numerusform>%n Warnungen auf dieser Seite (Sie können fortfahren):</numerusform>
        </translation>
    </message>
</context>
</TS>
