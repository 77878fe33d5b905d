package dev.singletable.report;

/** Counts in sentences, as the reports and the command write them: "1 item", "2 items". */
public final class Words {
    private Words() {
    }

    /**
     * @param count how many
     * @param one   the noun for one
     * @param many  the noun for several, or none
     * @return the count and the noun
     */
    public static String count(long count, String one, String many) {
        return count + " " + (count == 1 ? one : many);
    }

    /**
     * For nouns whose plural adds an s.
     *
     * @param count how many
     * @param noun  the noun for one
     * @return the count and the noun
     */
    public static String count(long count, String noun) {
        return count(count, noun, noun + "s");
    }
}
