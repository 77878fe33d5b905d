/** Not API: value conversion and display, key diffs, and reading key conditions and templates back. */
package dev.singletable.assertions.internal;
