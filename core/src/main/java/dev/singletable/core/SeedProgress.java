package dev.singletable.core;

/** Told after every batch how many items of a {@link Provisioner#write} are written so far. */
@FunctionalInterface
public interface SeedProgress {

    /** Tells nobody. */
    SeedProgress NONE = (written, total) -> {
    };

    /**
     * @param written items written so far
     * @param total   items to write
     */
    void written(int written, int total);
}
