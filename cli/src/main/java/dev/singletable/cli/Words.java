package dev.singletable.cli;

/** Counts in sentences: "1 item", "2 items". */
final class Words {
    private Words() {
    }

    static String count(long count, String one, String many) {
        return count + " " + (count == 1 ? one : many);
    }

    /** For nouns whose plural adds an s. */
    static String count(long count, String noun) {
        return count(count, noun, noun + "s");
    }
}
