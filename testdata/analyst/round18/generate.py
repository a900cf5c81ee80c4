# Tables of the eighteenth corpus (seeded), written blind, before any run of
# the analyst on them. Five domains of office, retail, health, finance and
# education work: staff expense claims, a store stock count, physiotherapy
# sessions, loan applications and a school absence register.
# Run with: nice -n 19 /usr/bin/python3 generate.py
import numpy as np
import pandas as pd

rng = np.random.default_rng(180417)


def pick(options, n, p=None):
    return rng.choice(np.array(options, dtype=object), size=n, p=p)


# Staff expense claims, one row per claim, Q2 2024 ("03 Apr 2024" dates,
# Yes/No receipts, days to approve only for approved claims, miles only for
# mileage claims).
n = 184
staff = {"Priya Nair": "Sales", "Tom Becker": "Sales", "Sofia Alvarez": "Sales", "Liam O'Connor": "Engineering",
         "Hannah Cole": "Engineering", "Kwame Mensah": "Engineering", "Grace Liu": "Finance", "Oliver Grant": "Finance",
         "Amara Obi": "Marketing", "Jack Turner": "Marketing", "Mei Tanaka": "HR", "Daniel Shaw": "Sales"}
weights = np.array([14, 11, 9, 8, 7, 6, 5, 4, 9, 7, 4, 10], dtype=float)
emp = pick(list(staff), n, weights / weights.sum())
kinds = ["Travel", "Meals", "Accommodation", "Mileage", "Office Supplies", "Training"]
kind = pick(kinds, n, [0.24, 0.26, 0.14, 0.16, 0.10, 0.10])
base = {"Travel": (4.6, 0.6), "Meals": (3.4, 0.5), "Accommodation": (5.2, 0.4), "Office Supplies": (3.3, 0.7), "Training": (5.9, 0.5)}
amount, miles = [], []
for k in kind:
    if k == "Mileage":
        m = int(rng.integers(12, 420))
        miles.append(m)
        amount.append(round(m * 0.45, 2))
    else:
        mu, sd = base[k]
        miles.append(np.nan)
        amount.append(round(float(np.exp(rng.normal(mu, sd))), 2))
submitted = pd.Timestamp("2024-04-01") + pd.to_timedelta(rng.integers(0, 91, n), unit="D")
receipt = np.where(kind == "Mileage", "No", pick(["Yes", "Yes", "Yes", "Yes", "No"], n))
status = []
for r, a in zip(receipt, amount):
    if r == "No" and a > 60 and rng.random() < 0.5:
        status.append("Rejected")
    else:
        status.append(str(pick(["Approved"] * 8 + ["Rejected", "Pending"], 1)[0]))
status = np.array(status)
approver = pick(["R. Patel", "J. Moreno", "S. Whitfield"], n)
days = np.where(status == "Approved", rng.integers(1, 19, n), np.nan)
exp = pd.DataFrame({
    "Claim ID": [f"EC-{24001 + i}" for i in range(n)],
    "Employee Name": emp,
    "Department": [staff[e] for e in emp],
    "Date Submitted": submitted,
    "Expense Type": kind,
    "Amount (GBP)": amount,
    "Miles": miles,
    "Receipt Attached": receipt,
    "Status": status,
    "Approver": approver,
    "Days To Approve": days,
}).sort_values(["Date Submitted", "Claim ID"])
exp["Date Submitted"] = exp["Date Submitted"].dt.strftime("%d %b %Y")
exp["Miles"] = exp["Miles"].astype("Int64")
exp["Days To Approve"] = exp["Days To Approve"].astype("Int64")
exp.to_csv("Expense Claims Q2_2024.csv", index=False)


# Store stock count, one row per SKU, UPPER_CASE headers, Y/N recount flag.
products = {
    "GROCERY": ["Basmati Rice 1kg", "Penne Pasta 500g", "Chopped Tomatoes 400g", "Baked Beans 415g", "Cornflakes 500g",
                "Porridge Oats 1kg", "Peanut Butter 340g", "Olive Oil 500ml", "Strawberry Jam 340g", "Plain Flour 1.5kg",
                "Granulated Sugar 1kg", "Tea Bags 80pk", "Instant Coffee 200g", "Tuna Chunks 145g", "Chickpeas 400g",
                "Coconut Milk 400ml", "Red Lentils 500g", "Honey 340g", "Soy Sauce 150ml", "Mayonnaise 400ml",
                "Ketchup 460g", "Crisps Multipack 6pk", "Digestive Biscuits 400g", "Dark Chocolate 100g", "Spaghetti 1kg",
                "Vegetable Stock Cubes 12pk", "Muesli 750g", "Rice Cakes 130g", "Sweetcorn 325g", "Pesto 190g"],
    "CHILLED": ["Semi-Skimmed Milk 2L", "Oat Milk 1L", "Greek Yogurt 500g", "Cheddar 400g", "Salted Butter 250g",
                "Free Range Eggs 12pk", "Hummus 200g", "Smoked Ham 120g", "Chicken Breast 600g", "Fresh Pasta 300g",
                "Orange Juice 1L", "Mozzarella 125g", "Double Cream 300ml", "Coleslaw 300g", "Tofu 280g",
                "Bacon Rashers 300g", "Feta 200g", "Single Cream 300ml", "Pork Sausages 8pk", "Salmon Fillets 240g",
                "Halloumi 225g", "Natural Yogurt 1kg", "Quiche Lorraine 400g", "Sandwich Meal Deal", "Kefir 500ml"],
    "FROZEN": ["Garden Peas 1kg", "Oven Chips 1.5kg", "Fish Fingers 10pk", "Vanilla Ice Cream 1L", "Margherita Pizza",
               "Mixed Berries 500g", "Beef Burgers 4pk", "Chicken Nuggets 750g", "Veggie Sausages 6pk", "Prawns 300g",
               "Spinach Portions 1kg", "Hash Browns 700g", "Sweet Potato Fries 750g", "Lasagne 400g", "Ice Lollies 8pk",
               "Yorkshire Puddings 12pk", "Mango Chunks 500g", "Cod Fillets 520g"],
    "HOUSEHOLD": ["Washing Up Liquid 900ml", "Laundry Pods 30pk", "Toilet Roll 9pk", "Kitchen Roll 2pk", "Bin Bags 20pk",
                  "Bleach 750ml", "Fabric Conditioner 1.3L", "Dishwasher Tablets 40pk", "Sponges 4pk", "Aluminium Foil 10m",
                  "Cling Film 30m", "AA Batteries 8pk", "LED Bulb 60W", "Multi-Surface Spray 500ml", "Candles 3pk",
                  "Freezer Bags 50pk", "Rubber Gloves", "Air Freshener 300ml"],
    "HEALTH & BEAUTY": ["Toothpaste 75ml", "Shampoo 400ml", "Conditioner 400ml", "Shower Gel 250ml", "Deodorant 150ml",
                        "Paracetamol 16pk", "Ibuprofen 16pk", "Plasters 40pk", "Hand Cream 75ml", "Sun Cream SPF30 200ml",
                        "Razors 4pk", "Cotton Pads 100pk", "Lip Balm", "Vitamin C 60 Tablets", "Mouthwash 500ml",
                        "Face Wipes 25pk", "Electric Toothbrush Heads 2pk"],
    "BEVERAGES": ["Sparkling Water 6x500ml", "Cola 2L", "Lemonade 2L", "Still Water 6x1.5L", "Apple Juice 1L",
                  "Energy Drink 250ml", "Ginger Beer 4pk", "Cold Brew Coffee 1L", "Squash Orange 1L", "Iced Tea 500ml",
                  "Red Wine 75cl", "Lager 4x440ml", "Prosecco 75cl", "Tonic Water 1L", "Sports Drink 500ml"],
}
aisle_of = {"GROCERY": ["A01", "A02", "A03", "A04"], "CHILLED": ["C01", "C02"], "FROZEN": ["F01", "F02"],
            "HOUSEHOLD": ["H01", "H02"], "HEALTH & BEAUTY": ["B01"], "BEVERAGES": ["D01", "D02"]}
cost_mu = {"GROCERY": 0.3, "CHILLED": 0.6, "FROZEN": 0.7, "HOUSEHOLD": 0.8, "HEALTH & BEAUTY": 0.9, "BEVERAGES": 0.5}
rows = []
skus = rng.choice(np.arange(10000, 99999), size=sum(len(v) for v in products.values()), replace=False)
i = 0
for dept, items in products.items():
    for item in items:
        cost = round(float(np.exp(rng.normal(cost_mu[dept], 0.55))), 2)
        price = round(cost * float(rng.uniform(1.25, 1.9)), 2) - 0.01
        price = max(round(price, 2), cost + 0.1)
        sys_qty = int(rng.integers(4, 140))
        r = rng.random()
        if r < 0.45:
            cnt = sys_qty
        elif r < 0.85:
            cnt = max(0, sys_qty - int(rng.integers(1, 9)))
        else:
            cnt = sys_qty + int(rng.integers(1, 6))
        diff = abs(cnt - sys_qty)
        rows.append({
            "SKU": f"SKU{skus[i]}",
            "ITEM_DESC": item,
            "DEPT": dept,
            "AISLE": str(pick(aisle_of[dept], 1)[0]),
            "SYS_QTY": sys_qty,
            "CNT_QTY": cnt,
            "UNIT_COST": round(cost, 2),
            "RETAIL_PRICE": round(price, 2),
            "COUNT_DATE": str((pd.Timestamp("2024-09-12") + pd.Timedelta(days=int(rng.integers(0, 5)))).date()),
            "COUNTED_BY": str(pick(["DWALSH", "KPATEL", "MJONES", "AOKAFOR"], 1, [0.34, 0.26, 0.22, 0.18])[0]),
            "RECOUNT_FLAG": "Y" if diff >= 5 or (diff > 0 and rng.random() < 0.15) else "N",
        })
        i += 1
stock = pd.DataFrame(rows).sort_values(["AISLE", "SKU"])
stock.to_csv("STOCKCOUNT_STORE12_SEP2024.csv", index=False)


# Physiotherapy sessions, one row per booked session, snake_case, ISO
# dates, True/False attended, no pain scores for missed sessions.
n = 212
therapists = ["Dr. Ellis", "Dr. Kaur", "M. Rossi", "J. Fenwick", "A. Byrne"]
sites = ["Northgate", "Riverside", "Central"]
areas = ["Knee", "Lower back", "Shoulder", "Neck", "Ankle", "Hip"]
patients = [f"P{n_:04d}" for n_ in rng.choice(np.arange(1000, 9999), size=78, replace=False)]
seen = set()
rows = []
dates = np.sort(pd.Timestamp("2024-01-02") + pd.to_timedelta(rng.integers(0, 181, n), unit="D"))
for j in range(n):
    p = str(pick(patients, 1)[0])
    first = p not in seen
    seen.add(p)
    site = str(pick(sites, 1, [0.42, 0.33, 0.25])[0])
    att = bool(rng.random() > {"Northgate": 0.09, "Riverside": 0.20, "Central": 0.13}[site])
    area = str(pick(areas, 1, [0.27, 0.24, 0.18, 0.12, 0.10, 0.09])[0])
    dur = int(pick([45, 60, 60], 1)[0]) if first else int(pick([30, 30, 45, 45, 60], 1)[0])
    pb = int(rng.integers(3, 10)) if att else np.nan
    pa = int(max(0, pb - rng.integers(0, 4))) if att else np.nan
    fee = (85.0 if first else {30: 55.0, 45: 70.0, 60: 85.0}[dur]) if att else 25.0
    rows.append({
        "session_id": f"S{2401 + j}",
        "patient_id": p,
        "session_date": str(pd.Timestamp(dates[j]).date()),
        "site": site,
        "therapist": str(pick(therapists, 1, [0.26, 0.24, 0.2, 0.17, 0.13])[0]),
        "session_type": "Initial assessment" if first else "Follow-up",
        "body_area": area,
        "dur_min": dur,
        "attended": att,
        "pain_before": pb,
        "pain_after": pa,
        "fee_usd": fee,
    })
physio = pd.DataFrame(rows)
physio["pain_before"] = physio["pain_before"].astype("Int64")
physio["pain_after"] = physio["pain_after"].astype("Int64")
physio.to_csv("physio_sessions_export.csv", index=False)


# Loan applications, one row per application, camelCase, ISO date-times,
# 1/0 approved, TRUE/FALSE existing customer, rate only when approved.
n = 236
products_ = {"Personal": (2000, 25000, [12, 24, 36, 48, 60]), "Auto": (8000, 45000, [36, 48, 60, 72]),
             "Mortgage": (90000, 480000, [180, 240, 300, 360]), "Home Improvement": (5000, 60000, [24, 36, 60, 84, 120])}
rate_base = {"Personal": 11.5, "Auto": 7.2, "Mortgage": 6.4, "Home Improvement": 9.1}
rows = []
for j in range(n):
    prod = str(pick(list(products_), 1, [0.38, 0.27, 0.17, 0.18])[0])
    lo, hi, terms = products_[prod]
    amt = int(round(float(rng.uniform(lo, hi)), -2 if prod != "Mortgage" else -3))
    score = int(np.clip(rng.normal(690, 65), 480, 850))
    income = int(round(float(np.exp(rng.normal(11.05, 0.4))), -2))
    existing = bool(rng.random() < 0.55)
    p_ok = 1 / (1 + np.exp(-(score - 640) / 28)) * (0.9 if existing else 0.75)
    if prod == "Mortgage" and amt > 4.5 * income:
        p_ok *= 0.3
    ok = int(rng.random() < p_ok)
    rate = round(rate_base[prod] + (760 - score) / 60 + float(rng.normal(0, 0.4)), 2) if ok else np.nan
    ts = pd.Timestamp("2024-01-02 08:30") + pd.Timedelta(days=int(rng.integers(0, 181)), minutes=int(rng.integers(0, 600)))
    rows.append({
        "applicationId": f"LA-{240100 + j}",
        "appDate": ts,
        "branch": str(pick(["Downtown", "Westside", "Harbor Point", "Maple Grove"], 1, [0.34, 0.27, 0.22, 0.17])[0]),
        "productType": prod,
        "loanAmt": amt,
        "termMonths": int(pick(terms, 1)[0]),
        "creditScore": score,
        "annualIncome": income,
        "existingCustomer": "TRUE" if existing else "FALSE",
        "approved": ok,
        "interestRatePct": rate,
        "loanOfficer": str(pick(["Chen", "Abara", "Lindgren", "Walsh", "Haddad"], 1)[0]),
    })
loans = pd.DataFrame(rows).sort_values("appDate")
loans["appDate"] = loans["appDate"].dt.strftime("%Y-%m-%d %H:%M:%S")
loans.to_csv("loanApplications_2024H1.csv", index=False)


# School absence register, one row per absence spell in the autumn term,
# day-first dates, Y/N authorised, yes/no parent contacted.
n = 198
forms = [f"{y}{c}" for y in range(7, 12) for c in "ABC"]
pupils = {}
for f_ in forms:
    for k in range(int(rng.integers(5, 10))):
        pupils[f"PU{len(pupils) + 3301}"] = f_
refs = list(pupils)
reasons = ["Illness", "Medical appointment", "Family holiday", "Unexplained", "Religious observance", "Bereavement"]
rows = []
for j in range(n):
    ref = str(pick(refs, 1)[0])
    form = pupils[ref]
    reason = str(pick(reasons, 1, [0.46, 0.18, 0.11, 0.16, 0.05, 0.04])[0])
    if reason == "Illness":
        d = float(pick([0.5, 1, 1, 1, 2, 2, 3, 4, 5], 1)[0])
    elif reason == "Medical appointment":
        d = float(pick([0.5, 0.5, 0.5, 1], 1)[0])
    elif reason == "Family holiday":
        d = float(pick([2, 3, 4, 5, 5, 7, 10], 1)[0])
    elif reason == "Bereavement":
        d = float(pick([1, 2, 3], 1)[0])
    else:
        d = float(pick([0.5, 1, 1, 2], 1)[0])
    if int(form[:-1]) == 11 and reason == "Illness":
        d += 1
    start = pd.Timestamp("2024-09-04") + pd.Timedelta(days=int(rng.integers(0, 105)))
    while start.dayofweek >= 5 or pd.Timestamp("2024-10-28") <= start <= pd.Timestamp("2024-11-01"):
        start += pd.Timedelta(days=1)
    auth = "N" if reason in ("Family holiday", "Unexplained") else "Y"
    contacted = "yes" if auth == "Y" or rng.random() < 0.6 else "no"
    rows.append({
        "Pupil_Ref": ref,
        "Yr_Grp": int(form[:-1]),
        "Form": form,
        "Start_Date": start,
        "Days_Missed": d,
        "Reason": reason,
        "Authorised": auth,
        "Parent_Contacted": contacted,
        "Logged_By": str(pick(["Mrs Hughes", "Mr Adeyemi", "Ms Kowalski"], 1, [0.45, 0.35, 0.2])[0]),
    })
absn = pd.DataFrame(rows).sort_values(["Start_Date", "Form"])
absn["Start_Date"] = absn["Start_Date"].dt.strftime("%d/%m/%Y")
absn.to_csv("absence_register autumn 2024.csv", index=False)
