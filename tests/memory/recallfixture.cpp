// A small LoCoMo-shaped conversation made for tst_recall (kept out of the file moc reads).
extern const char smallLocomo[];
const char smallLocomo[] = R"([{"sample_id": "conv-t1",
  "conversation": {"speaker_a": "Ana", "speaker_b": "Ben",
    "session_1_date_time": "1:56 pm on 8 May, 2023",
    "session_1": [
      {"speaker": "Ana", "dia_id": "D1:1", "text": "I started pottery classes on Tuesday."},
      {"speaker": "Ben", "dia_id": "D1:2", "text": "Nice! What did you make?"},
      {"speaker": "Ana", "dia_id": "D1:3", "text": "A wobbly bowl, look.", "img_url": ["https://example.invalid/x.jpg"], "blip_caption": "a photo of a blue ceramic bowl"}],
    "session_2_date_time": "10:04 am on 27 June, 2023",
    "session_2": [
      {"speaker": "Ben", "dia_id": "D2:1", "text": "My cousin Theo visits Lisbon next month."},
      {"speaker": "Ana", "dia_id": "D2:2", "text": "Lisbon is lovely in summer."}]},
  "qa": [{"question": "What did Ana make?", "answer": "a bowl", "evidence": ["D1:3"], "category": 4}]}])";
