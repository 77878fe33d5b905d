package dev.singletable.report;

import static dev.singletable.report.Html.escape;

import java.util.Locale;

/** An inline SVG picture, built element by element; its text is escaped, its numbers written with a dot. */
final class Svg {
    private final StringBuilder body = new StringBuilder();
    private final int width;
    private final int height;
    private final String label;

    /**
     * @param width  the width of the drawing, in its own units (it scales to the page)
     * @param height its height
     * @param label  what it shows, for screen readers
     */
    Svg(int width, int height, String label) {
        this.width = width;
        this.height = height;
        this.label = label;
    }

    Svg rect(double x, double y, double w, double h, String fill, String title) {
        body.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"2\""
                + " fill=\"%s\">", x, y, Math.max(w, 0), h, fill));
        if (title != null) {
            body.append("<title>").append(escape(title)).append("</title>");
        }
        body.append("</rect>");
        return this;
    }

    Svg box(double x, double y, double w, double h, String fill, String stroke) {
        body.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"5\""
                + " fill=\"%s\" stroke=\"%s\"/>", x, y, w, h, fill, stroke));
        return this;
    }

    /** Text starting at x ({@code anchor} start), ending at x ({@code end}) or centred on it ({@code middle}). */
    Svg text(double x, double y, String text, String anchor, String style) {
        body.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s>%s</text>", x, y,
                anchor, style.isEmpty() ? "" : " class=\"" + style + "\"", escape(text)));
        return this;
    }

    /** A cubic curve from one point to another, leaving and arriving horizontally. */
    Svg link(double x1, double y1, double x2, double y2, String stroke, boolean dashed, String title) {
        double middle = (x1 + x2) / 2;
        body.append(String.format(Locale.ROOT, "<path d=\"M%.1f %.1f C%.1f %.1f %.1f %.1f %.1f %.1f\" fill=\"none\""
                + " stroke=\"%s\" stroke-width=\"2\"%s><title>%s</title></path>", x1, y1, middle, y1, middle, y2, x2,
                y2, stroke, dashed ? " stroke-dasharray=\"6 4\"" : "", escape(title)));
        return this;
    }

    @Override
    public String toString() {
        return "<svg class=\"picture\" viewBox=\"0 0 " + width + " " + height
                + "\" width=\"" + width + "\" role=\"img\" aria-label=\"" + escape(label) + "\">" + body + "</svg>";
    }
}
