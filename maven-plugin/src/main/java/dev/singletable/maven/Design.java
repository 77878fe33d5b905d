package dev.singletable.maven;

import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One design to verify, as configured in the plugin's {@code <designs>}:
 *
 * <pre>{@code
 * <design>
 *   <file>src/test/resources/orders.table.yaml</file>
 *   <fixtures>
 *     <fixture>src/test/resources/orders.fixtures.yaml</fixture>
 *   </fixtures>
 *   <variables><today>2026-01-31</today></variables>
 * </design>
 * }</pre>
 *
 * Maven fills the fields by name; relative paths are resolved against the project's base directory.
 */
public class Design {
    /** The design descriptor (YAML). */
    private File file;
    /** The fixture files, loaded in order. */
    private List<File> fixtures = new ArrayList<>();
    /** Values of the fixtures' {@code ${NAME}} variables. */
    private Map<String, String> variables = new LinkedHashMap<>();

    File file() {
        return file;
    }

    List<File> fixtures() {
        return fixtures;
    }

    Map<String, String> variables() {
        return variables;
    }
}
