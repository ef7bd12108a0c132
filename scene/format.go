package scene

import "strconv"

// Amount formats a tolerance or an amount (how far off, how deep) for
// people: three significant digits, e.g. "0.0001", "2.3e-05", "0.000101",
// "1.54", "+Inf". Files and JSON keep full precision; messages use this.
func Amount(x float64) string { return strconv.FormatFloat(x, 'g', 3, 64) }
